// expect-error: unsupported: builtin '__builtin_ia32_pmaddubsw128'
#include <stdio.h>
#include <emmintrin.h>
typedef char v16qi __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
/* The ia32 builtins of <mmintrin.h>, <xmmintrin.h> and <emmintrin.h>
   compile (tests/c/sse_intrinsics.c); those of later extensions, here
   SSSE3's PMADDUBSW called directly, stay unsupported. */
__attribute__((target("ssse3"))) static __m128i multiply_add(__m128i a, __m128i b) {
    return (__m128i)__builtin_ia32_pmaddubsw128((v16qi)a, (v16qi)b);
}
int main(void) {
    __m128i ones = _mm_set1_epi16(1);
    __m128i sums = multiply_add(ones, ones);
    int out[4];
    _mm_storeu_si128((__m128i *)out, sums);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    return 0;
}
