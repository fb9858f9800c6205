/* Conversions between floating and integer types of many edge values, in both directions, and NaN and infinity comparisons. */
#include <stdio.h>
#include <stdint.h>
int main(void) {
    double vals[] = { 0.0, -0.0, 1.0, -1.5, 2.5, 3.5, 1e10, -1e10, 4294967295.0, 4294967296.0, 9.2233720368547758e18, 1.8e19, 0.49999999999999994 };
    for (int i = 0; i < 13; i++) {
        double v = vals[i];
        printf("%g: i=%d u=%u ll=%lld ull=%llu f=%g\n", v, (v >= -2147483648.0 && v < 2147483648.0) ? (int)v : 0, (v >= 0 && v < 4294967296.0) ? (unsigned)v : 0u, (v > -9.2e18 && v < 9.2e18) ? (long long)v : 0LL, (v >= 0 && v < 1.8446744073709552e19) ? (unsigned long long)v : 0ULL, (float)v);
    }
    uint64_t us[] = { 0, 1, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL, 0x8000000000000401ULL, 12345678901234567ULL };
    for (int i = 0; i < 7; i++) printf("%.1f %.1f %.1Lf\n", (double)us[i], (float)us[i], (long double)us[i]);
    int64_t ss[] = { -1, INT64_MIN, INT64_MAX, -9007199254740993LL };
    for (int i = 0; i < 4; i++) printf("%.1f %.1f %.1Lf\n", (double)ss[i], (float)ss[i], (long double)ss[i]);
    long double lds[] = { 1.5L, -2.75L, 1e18L, 1.8e19L };
    for (int i = 0; i < 4; i++) printf("%lld %llu\n", lds[i] < 9.2e18L ? (long long)lds[i] : 0, lds[i] >= 0 ? (unsigned long long)lds[i] : 0);
    unsigned u = 4000000000u; float fu = u; double du = u; printf("%g %g\n", fu, du);
    unsigned char uc = 200; signed char sc = -100; short sh = -30000; unsigned short ush = 60000;
    printf("%g %g %g %g\n", (float)uc, (double)sc, (float)sh, (double)ush);
    float fx = 3.9f; printf("%d %u %d %d\n", (unsigned char)fx, (unsigned short)fx, (signed char)-fx, (short)(fx * 1000));
    double nz = -0.0; printf("%g %g %d\n", nz, 0.0 * -1, nz == 0.0);
    float a = 16777216.0f; a += 1.0f; printf("%.1f\n", a);
    double sum = 0; for (int i = 0; i < 10; i++) sum += 0.1; printf("%.17g %d\n", sum, sum == 1.0);
    printf("%d %d %d\n", 0.1 + 0.2 == 0.3, 0.1f + 0.2f == 0.3f, (float)(0.1 + 0.2) == 0.3f);
    double inf = 1.0 / 0.0 * 0 + 1e308 * 10; printf("%g %g\n", inf, -inf);
    double nan = inf - inf; printf("%d %d %d %d\n", nan == nan, nan != nan, nan < 1, !(nan >= 1));
    return 0;
}
