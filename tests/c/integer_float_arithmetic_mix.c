/* Division and modulo of negatives, long long edge values, usual arithmetic conversions, literal suffixes, character constants, shifts, float/integer conversions and hex floats. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

static volatile int vi[] = { -7, 7, 2, -2, 3, -3 };
int main(void) {
    for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) printf("%d/%d=%d,%d ", vi[i], vi[j], vi[i] / vi[j], vi[i] % vi[j]);
    printf("\n");
    long long a = LLONG_MAX, b = LLONG_MIN; unsigned long long ua = ULLONG_MAX;
    printf("%lld %lld %llu %llu\n", a / 3, b / 7, ua / 10, ua % 10);
    printf("%llu %llu %lld\n", 1ULL << 63, (1ULL << 63) >> 62, (long long)(-1LL >> 60));
    printf("%lld %lld\n", b % -3, b / 2);
    unsigned u = 0xFFFFFFFFu; int si = -1;
    printf("%d %d %d\n", si < u, (unsigned char)-1 > 0, (signed char)0x80);
    printf("%d %d\n", -1 < 0u, -1L < 0u);
    unsigned short us = 65535; unsigned char uc = 255;
    printf("%d %d %d %u\n", us * 2 > 0, uc + uc, (uc << 23) > 0, (unsigned)us * us);
    printf("%d %u %ld\n", (short)40000, (unsigned short)-1, (long)(int)0x80000000u);
    printf("%x %x %llx %x\n", 0x80000000, 0xFFFFFFFFu, 0x7fffffffffffffffLL, 0x7fffffff + 0u);
    printf("%d %o %d %ld %lu %lld %llu\n", 017, 0777u, 0x10, 10l, 10ul, 10ll, 10ULL);
    printf("%llu %lld %lu\n", 0xffffffffffffffffull, 0x8000000000000000LL == 0x8000000000000000ULL, 4294967296UL);
    printf("%d %d %d %d\n", '\x7f', '\377', '\0', '\n');
    printf("%d %d\n", 'ab', 'abcd');
    printf("%d %d %d\n", (char)'\377', (unsigned char)'\377', L'\377' + 0);
    int x = 1; printf("%d %d %d %d\n", x << 30 >> 30, (int)(1u << 31) >> 31, -8 >> 1, (unsigned)-8 >> 1);
    printf("%d %u\n", INT_MIN / 1, 1u << 31);
    int64_t m = INT64_MIN; printf("%lld\n", (long long)(m + 1) * -1);
    uint8_t u8 = 250; u8 += 10; int8_t i8 = 127; i8 = (int8_t)(i8 + 1); printf("%u %d\n", u8, i8);
    uint16_t u16 = 0; u16--; printf("%u\n", u16);
    uint32_t u32 = 1; u32 <<= 31; u32 *= 2; printf("%u\n", u32);
    printf("%d\n", (int)(3000000000u / 2));
    printf("%lld %llu\n", (long long)-3.9, (unsigned long long)1e19);
    printf("%d %d %u\n", (int)-0.5, (int)2.99, (unsigned)3.7);
    double d = 1e300; float ff = (float)d; printf("%g %g\n", ff, (double)(float)1e-50);
    printf("%.20g %.20Lg\n", (double)(1.0f/3), (long double)1/3);
    printf("%lld %llu\n", (long long)9.2e18, (unsigned long long)(float)1.8e19);
    unsigned long long big = 18446744073709551615ULL; double db = (double)big; printf("%g %g\n", db, (double)(long long)-9007199254740993LL);
    float fu = (float)4294967295u; printf("%g %.1f\n", fu, (double)16777217);
    printf("%d %d %d\n", 5 > 3 == 1, 1 + 2 * 3 % 4, (1, 2, 3));
    int t = 0; int r = (t++, t++, t); printf("%d %d\n", r, t);
    printf("%d\n", sizeof(char) + sizeof(short) * 0 == 1);
    printf("%g %g %d\n", 0x1.8p3, 0x.4p-2, 0x1p0 == 1);
    printf("%.17g %.9g\n", 0.1, 0.1f);
    printf("%g %g %g\n", 1.5e-3, 2e+2f, .5);
    int neg = -3; unsigned mix = neg + 2u; printf("%u %d\n", mix, neg * 2u > 0);
    long lm = -1; unsigned long ulm = lm; printf("%lu %d\n", ulm, lm < 1ul);
    printf("%d %d\n", ~0u > 0, ~(unsigned char)0);
    return 0;
}
