#include <stdio.h>
#include <limits.h>

static long long mulmod(long long a, long long b, long long m) {
    long long r = 0;
    a %= m;
    while (b > 0) {
        if (b & 1) r = (r + a) % m;
        a = (a * 2) % m;
        b >>= 1;
    }
    return r;
}

static unsigned long long powmod(unsigned long long b, unsigned long long e, unsigned long long m) {
    unsigned long long r = 1;
    b %= m;
    while (e) {
        if (e & 1) r = mulmod((long long)r, (long long)b, (long long)m);
        b = mulmod((long long)b, (long long)b, (long long)m);
        e >>= 1;
    }
    return r;
}

int main(void) {
    long long a = 123456789012345LL;
    long long b = -987654321LL;
    printf("%lld %lld %lld\n", a + b, a - b, a / b);
    printf("%lld\n", a % b);
    printf("%lld %lld\n", LLONG_MAX, LLONG_MIN);
    unsigned long long u = ULLONG_MAX;
    printf("%llu %llu\n", u, u / 3);
    printf("%lld\n", mulmod(1000000007LL * 3, 999999999999LL, 1000000007LL));
    printf("%llu\n", powmod(2, 1000, 1000000007ULL));
    printf("%llu\n", powmod(3, 123456789, 998244353ULL));
    long long f = 1;
    for (int i = 1; i <= 20; i++) f *= i;
    printf("20!=%lld\n", f);
    unsigned long long fib[94];
    fib[0] = 0; fib[1] = 1;
    for (int i = 2; i < 94; i++) fib[i] = fib[i - 1] + fib[i - 2];
    printf("fib93=%llu\n", fib[93]);
    long l = 5000000000L;
    int i = 7;
    printf("%ld\n", l * i);
    printf("%ld\n", l / i);
    long long neg = -1;
    printf("%llx\n", (unsigned long long)neg);
    printf("%d\n", neg < 0);
    long long c = 1;
    for (int k = 0; k < 62; k++) c <<= 1;
    printf("%lld\n", c);
    printf("%lld\n", c - 1 + c);
    long double_shift = 0x0123456789ABCDEFL;
    printf("%lx %lx\n", double_shift >> 28, double_shift << 4);
    return 0;
}
