/* Integer edge cases: wraparound, conversions, shifts, division, promotions. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

#define SHOW_I(e) printf("%-44s = %lld\n", #e, (long long)(e))
#define SHOW_U(e) printf("%-44s = %llu\n", #e, (unsigned long long)(e))
#define SHOW_X(e) printf("%-44s = 0x%llx\n", #e, (unsigned long long)(e))

static unsigned char uc(int x) { return (unsigned char)x; }
static signed char sc(int x) { return (signed char)x; }
static unsigned short us(int x) { return (unsigned short)x; }
static short ss(int x) { return (short)x; }

static int vi[] = { INT_MIN, -1000000007, -65536, -129, -128, -1, 0, 1, 127, 128, 255, 256, 65535, 2147483647 };

int main(void) {
    unsigned u = 0;
    SHOW_U(u - 1);
    SHOW_U(UINT_MAX + 1u);
    SHOW_I(-1 < 0u);
    SHOW_I(-1 < (int)0u);
    SHOW_I((unsigned char)-1 < 0);
    SHOW_I(-1L < 1U);
    SHOW_I(-1LL < 1U);
    SHOW_I((long)-1 > (unsigned long)0);
    SHOW_I(sizeof(1 ? 'a' : 1L));
    SHOW_I(sizeof((char)1 + (char)2));
    SHOW_I(sizeof(-(unsigned char)1));
    SHOW_I(-(unsigned char)1);
    SHOW_U(-(unsigned short)1);
    SHOW_U(-1u);
    SHOW_I(~0);
    SHOW_U(~0u >> 1);
    SHOW_I(~(unsigned char)0);
    SHOW_I((unsigned char)~0);
    SHOW_I(INT_MAX / -1);
    SHOW_I(INT_MIN / 1);
    SHOW_I(INT_MIN % -3);
    SHOW_I(-7 / 2);
    SHOW_I(-7 % 2);
    SHOW_I(7 / -2);
    SHOW_I(7 % -2);
    SHOW_I(-7 >> 1);
    SHOW_I(-1 >> 31);
    SHOW_U(0x80000000u >> 31);
    SHOW_I(1 << 30);
    SHOW_U(1u << 31);
    SHOW_U(1ull << 63);
    SHOW_X(0xFFFFFFFFu << 4);
    SHOW_X((uint64_t)0xFFFFFFFFu << 4);
    SHOW_X(0xFFu << 24);
    SHOW_I((int8_t)0x80);
    SHOW_I((int16_t)0x8000);
    SHOW_I((int32_t)0x80000000u);
    SHOW_I((uint8_t)(200 + 100));
    SHOW_I((int)(unsigned char)(signed char)-5);
    SHOW_I((int)(signed char)(unsigned char)250);
    SHOW_I((long long)(unsigned)-1);
    SHOW_I((long long)(int)4294967295u);
    SHOW_U((unsigned long long)(int)-1);
    SHOW_U((unsigned long long)(unsigned)-1);
    SHOW_I((short)40000);
    SHOW_I((unsigned short)-40000);
    SHOW_I(3000000000u > 2147483647);
    SHOW_I(2147483648 > 0);
    SHOW_I(sizeof 2147483648);
    SHOW_I(sizeof 0x80000000);
    SHOW_I(sizeof 4294967296);
    SHOW_I(sizeof 'x');
    SHOW_I(0x7fffffff + 0L + 1);
    SHOW_U(UINT32_MAX * (uint64_t)UINT32_MAX);
    SHOW_U((uint32_t)(UINT32_MAX * UINT32_MAX));
    SHOW_I(INT64_MAX);
    SHOW_I(INT64_MIN);
    SHOW_U((uint64_t)INT64_MIN);
    SHOW_I(LLONG_MIN / 2);
    SHOW_I(LLONG_MIN % 1000);
    SHOW_U(18446744073709551615ULL / 10);
    SHOW_U(18446744073709551615ULL % 10);
    SHOW_U(0x8000000000000000ULL >> 1);
    SHOW_I((long long)0x8000000000000000ULL >> 1 == LLONG_MIN / 2);
    SHOW_I(1 ? -1 : 0u);
    SHOW_I(0 ? 1u : -1);
    SHOW_U(0 ? 1u : -1);

    for (size_t i = 0; i < sizeof vi / sizeof vi[0]; i++) {
        int x = vi[i];
        printf("%11d: uc=%3u sc=%4d us=%5u ss=%6d  x>>4=%d  (unsigned)x>>4=%u  x&0xff=%d  x%%7=%d x/7=%d\n",
               x, uc(x), sc(x), us(x), ss(x), x >> 4, (unsigned)x >> 4, x & 0xff, x % 7, x / 7);
    }

    unsigned char a = 200, b = 100;
    int sum = a + b;
    unsigned char wsum = (unsigned char)(a + b);
    printf("a+b=%d wrapped=%d a*b=%d (a*b)>>8=%d\n", sum, wsum, a * b, (a * b) >> 8);
    signed char c1 = -100, c2 = -100;
    printf("c1+c2=%d c1*c2=%d (signed char)(c1+c2)=%d\n", c1 + c2, c1 * c2, (signed char)(c1 + c2));
    unsigned short s1 = 60000, s2 = 60000;
    printf("s1+s2=%d (unsigned)s1*s2=%u\n", s1 + s2, (unsigned)s1 * s2);
    unsigned int big = 4000000000u;
    long long widened = big;
    int narrowed = (int)(big % 1000000);
    printf("widened=%lld narrowed=%d\n", widened, narrowed);

    /* compound assignment with narrowing */
    unsigned char acc = 250;
    acc += 10;
    printf("acc=%d\n", acc);
    acc -= 20;
    printf("acc=%d\n", acc);
    acc *= 3;
    printf("acc=%d\n", acc);
    acc <<= 1;
    printf("acc=%d\n", acc);
    signed char sacc = 100;
    sacc += 100;
    printf("sacc=%d\n", sacc);
    short sh = -1;
    sh >>= 3;
    printf("sh=%d\n", sh);
    unsigned short ush = 0xffff;
    ush >>= 3;
    printf("ush=%u\n", ush);
    ush = 1;
    ush <<= 15;
    printf("ush=%u\n", ush);
    ush <<= 1;
    printf("ush=%u\n", ush);
    int i32 = 1;
    i32 <<= 30;
    printf("i32=%d\n", i32);
    uint64_t mix = 0;
    for (int k = 0; k < 64; k += 7) mix ^= (uint64_t)0x9E3779B97F4A7C15ULL >> k;
    printf("mix=%016llx\n", (unsigned long long)mix);
    unsigned long long div_tests[] = { 1, 3, 7, 10, 1000000007ULL, 0xFFFFFFFFULL, 0x100000001ULL };
    for (size_t k = 0; k < sizeof div_tests / sizeof *div_tests; k++) {
        unsigned long long d = div_tests[k];
        unsigned long long n = 0xFEDCBA9876543210ULL;
        long long sn = -0x1EDCBA9876543210LL;
        printf("%llu: %llu %llu %lld %lld\n", d, n / d, n % d, sn / (long long)d, sn % (long long)d);
    }
    return 0;
}
