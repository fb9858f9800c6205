// expect-error: unsupported: builtin '__builtin_ia32_psadbw128'
#include <stdio.h>
#include <emmintrin.h>
int main(void) {
    /* The intrinsic headers' generic vector code compiles; their ia32
       builtins do not, except the SSE2 integer ones of
       tests/c/sse2_integer_intrinsics.c. */
    __m128i ones = _mm_set1_epi16(1);
    __m128i sums = (__m128i)__builtin_ia32_psadbw128((__v16qi)ones, (__v16qi)ones);
    int out[4];
    _mm_storeu_si128((__m128i *)out, sums);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    return 0;
}
