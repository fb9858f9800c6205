/* Programs that test for the types nissecc lacks take their portable
 * paths: it announces that it has no complex types (__STDC_NO_COMPLEX__).
 * It has _Atomic and __int128, so the tests of __STDC_NO_ATOMICS__ and of
 * __SIZEOF_INT128__ (which xxHash and many hash and bignum libraries
 * make) take the <stdatomic.h> and __int128 paths, as with gcc. Both
 * paths compute the same results. */
#include <stdint.h>
#include <stdio.h>

static uint64_t mul_high(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    uint64_t mid = (p0 >> 32) + (uint32_t)p1 + (uint32_t)p2;
    return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
#endif
}

#ifndef __STDC_NO_ATOMICS__
#include <stdatomic.h>
static atomic_int counter;
static int bump(void) { return atomic_fetch_add(&counter, 3) + 3; }
#else
static int counter;
static int bump(void) { return counter += 3; }
#endif

#ifndef __STDC_NO_COMPLEX__
#include <complex.h>
static double magnitude_squared(double re, double im) {
    double complex z = re + im * I;
    return creal(z * conj(z));
}
#else
static double magnitude_squared(double re, double im) { return re * re + im * im; }
#endif

int main(void) {
    uint64_t values[] = {0, 1, 0xdeadbeefcafebabeULL, UINT64_MAX, 0x123456789abcdef1ULL};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            printf("%016llx%c", (unsigned long long)mul_high(values[i], values[j]), j == 4 ? '\n' : ' ');
    bump();
    printf("%d %g\n", bump(), magnitude_squared(3.0, 4.0));
    return 0;
}
