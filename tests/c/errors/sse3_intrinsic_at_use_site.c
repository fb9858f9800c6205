// expect-error: unsupported: builtin '__builtin_ia32_addsubps' (in '_mm_addsub_ps')
/* An intrinsic whose builtin nissecc lacks (SSE3's ADDSUBPS, beyond the
   SSE and SSE2 that x86-64 guarantees), reached through an inline
   function of <pmmintrin.h>: the error is reported where the program
   calls the intrinsic, not inside the header, and including the header
   without calling it is no error. */
#include <pmmintrin.h>
#include <stdio.h>

__attribute__((target("sse3"))) static __m128 alternate(__m128 a, __m128 b) {
    return _mm_addsub_ps(a, b);
}

int main(void) {
    __m128 r = alternate(_mm_set1_ps(1.0f), _mm_set1_ps(0.5f));
    printf("%g\n", _mm_cvtss_f32(r));
    return 0;
}
