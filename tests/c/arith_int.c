#include <stdio.h>
#include <limits.h>

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }

int main(void) {
    int a = 17, b = 5, c = -23;
    printf("%d %d %d %d %d\n", a + b, a - b, a * b, a / b, a % b);
    printf("%d %d %d %d\n", c + a, c - a, c * b, c / b);
    printf("%d %d\n", c % b, -c % b);
    printf("%d %d %d\n", 1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3);
    printf("%d %d\n", 100 / 10 / 5, 2 * 3 % 4);
    printf("%d\n", -(-a));
    printf("%d\n", +b);
    printf("%d %d\n", INT_MAX, INT_MIN);
    printf("%d %d\n", INT_MAX - 1, INT_MIN + 1);
    printf("%d\n", INT_MAX / 2 + INT_MAX / 2);
    printf("%d\n", add(INT_MAX, INT_MIN));
    printf("%d\n", mul(46340, 46340));
    printf("%d\n", mul(-46340, 46340));
    int x = 0;
    for (int i = 1; i <= 100; i++) x += i;
    printf("sum=%d\n", x);
    int f = 1;
    for (int i = 1; i <= 12; i++) f *= i;
    printf("12!=%d\n", f);
    int acc = 12345;
    acc = acc * 7 - 3;
    acc = acc / 11 + acc % 11;
    printf("acc=%d\n", acc);
    int neg = -7;
    printf("%d %d %d %d\n", neg / 2, neg % 2, neg / -2, neg % -2);
    printf("%d %d\n", 7 / -2, 7 % -2);
    printf("%d\n", (a * b + c) * (a - b) / (b + 1));
    long l = 3000000000L;
    printf("%ld %ld\n", l + l, l * 3 / 7);
    printf("%ld\n", (long)INT_MAX * 2 + 5);
    int big = 1000000;
    printf("%ld\n", (long)big * big);
    return 0;
}
