#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static long memo[91];
static long fib_memo(int n) {
    if (n < 2) return n;
    if (memo[n]) return memo[n];
    return memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
}

static int ackermann(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

static int sum_digits(int n) { return n < 10 ? n : n % 10 + sum_digits(n / 10); }

static void print_binary(unsigned n) {
    if (n > 1) print_binary(n / 2);
    putchar('0' + (int)(n % 2));
}

static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

static double power(double b, int e) {
    if (e == 0) return 1.0;
    if (e < 0) return 1.0 / power(b, -e);
    double h = power(b, e / 2);
    return e % 2 ? h * h * b : h * h;
}

int main(void) {
    for (int i = 0; i <= 25; i++) printf("%d ", fib(i));
    printf("\n");
    printf("%ld\n", fib_memo(90));
    printf("%d %d %d\n", ackermann(1, 2), ackermann(2, 3), ackermann(3, 3));
    for (int i = 0; i <= 20; i += 5) printf("%ld ", fact(i));
    printf("\n");
    printf("%d\n", sum_digits(987654321));
    print_binary(0); putchar(' ');
    print_binary(5); putchar(' ');
    print_binary(1023); putchar(' ');
    print_binary(4294967295u);
    putchar('\n');
    printf("%d\n", depth(10000));
    printf("%g %g %g\n", power(2, 10), power(2, -3), power(1.5, 7));
    return 0;
}
