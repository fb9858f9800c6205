// expect-error: unsupported: builtin '__builtin_ia32_pslldi128'
#include <stdio.h>
#include <emmintrin.h>
int main(void) {
    int out[4];
    __m128i shifted = _mm_slli_epi32(_mm_set1_epi32(3), 2);
    _mm_storeu_si128((__m128i *)out, shifted);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    return 0;
}
