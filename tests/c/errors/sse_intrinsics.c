// expect-error: unsupported: vector types
#include <stdio.h>
#include <emmintrin.h>
int main(void) {
    int out[4];
    __m128i sum = _mm_add_epi32(_mm_set1_epi32(1), _mm_set1_epi32(2));
    _mm_storeu_si128((__m128i *)out, sum);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    return 0;
}
