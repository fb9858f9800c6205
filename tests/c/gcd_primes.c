#include <stdio.h>

static unsigned long gcd(unsigned long a, unsigned long b) {
    while (b) { unsigned long t = a % b; a = b; b = t; }
    return a;
}

static long ext_gcd(long a, long b, long *x, long *y) {
    if (b == 0) { *x = 1; *y = 0; return a; }
    long x1, y1;
    long g = ext_gcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

static int is_prime(unsigned long n) {
    if (n < 2) return 0;
    if (n % 2 == 0) return n == 2;
    for (unsigned long d = 3; d * d <= n; d += 2)
        if (n % d == 0) return 0;
    return 1;
}

static void factor(unsigned long n) {
    printf("%lu =", n);
    for (unsigned long d = 2; d * d <= n; d++)
        while (n % d == 0) { printf(" %lu", d); n /= d; }
    if (n > 1) printf(" %lu", n);
    printf("\n");
}

int main(void) {
    printf("%lu %lu %lu\n", gcd(48, 18), gcd(17, 5), gcd(0, 9));
    printf("%lu\n", gcd(1234567890123456UL, 9876543210UL));
    long x, y;
    long g = ext_gcd(240, 46, &x, &y);
    printf("%ld = 240*%ld + 46*%ld\n", g, x, y);
    g = ext_gcd(17, 3120, &x, &y);
    printf("%ld %ld %ld inverse=%ld\n", g, x, y, (x % 3120 + 3120) % 3120);
    for (unsigned long n = 90; n <= 130; n++) if (is_prime(n)) printf("%lu ", n);
    printf("\n");
    printf("%d %d\n", is_prime(2147483647UL), is_prime(4294967297UL));
    factor(360);
    factor(9999991);
    factor(600851475143UL);
    factor(1UL << 20);
    unsigned long lcm = 1;
    for (unsigned long k = 1; k <= 30; k++) lcm = lcm / gcd(lcm, k) * k;
    printf("lcm(1..30)=%lu\n", lcm);
    return 0;
}
