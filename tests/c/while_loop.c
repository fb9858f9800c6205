#include <stdio.h>

static int collatz(long n) {
    int steps = 0;
    while (n != 1) {
        n = n % 2 ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

static int digits_sum(unsigned long n) {
    int s = 0;
    while (n) { s += (int)(n % 10); n /= 10; }
    return s;
}

int main(void) {
    int i = 0;
    while (i < 5) printf("%d ", i++);
    printf("\n");
    for (long n = 1; n <= 10; n++) printf("%d ", collatz(n));
    printf("\n");
    printf("%d\n", collatz(27));
    printf("%d %d\n", digits_sum(987654321UL), digits_sum(18446744073709551615UL));
    int n = 100;
    int bits = 0;
    while (n >>= 1) bits++;
    printf("%d\n", bits);
    int a = 1071, b = 462;
    while (b) { int t = a % b; a = b; b = t; }
    printf("gcd=%d\n", a);
    int k = 0;
    while (1) {
        if (++k >= 7) break;
    }
    printf("%d\n", k);
    int never = 0;
    while (0) never++;
    printf("%d\n", never);
    const char *s = "count the spaces in this";
    int sp = 0;
    while (*s) if (*s++ == ' ') sp++;
    printf("%d\n", sp);
    int outer = 0, total = 0;
    while (outer < 4) {
        int inner = 0;
        while (inner < outer) { total += inner * outer; inner++; }
        outer++;
    }
    printf("%d\n", total);
    double x = 1.0;
    int it = 0;
    while (x < 1000.0) { x *= 1.7; it++; }
    printf("%d %.4f\n", it, x);
    unsigned char c = 250;
    int wraps = 0;
    while (c != 4) { c++; wraps++; }
    printf("%d\n", wraps);
    return 0;
}
