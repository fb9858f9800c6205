// expect-error: unsupported: builtin '__builtin_ia32_pmaddwd128'
#include <stdio.h>
#include <emmintrin.h>
int main(void) {
    /* The intrinsic headers' generic vector code compiles; their ia32
       builtins do not. */
    __m128i ones = _mm_set1_epi16(1);
    __m128i sums = (__m128i)__builtin_ia32_pmaddwd128((__v8hi)ones, (__v8hi)ones);
    int out[4];
    _mm_storeu_si128((__m128i *)out, sums);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    return 0;
}
