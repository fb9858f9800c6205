#include <stdio.h>
#include <limits.h>

int main(void) {
    int vals[] = {7, -7, 1, -1, 0, 13, -13, INT_MAX, INT_MIN + 1};
    int divs[] = {2, -2, 3, -3, 7};
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 5; j++)
            printf("%d/%d=%d r%d  ", vals[i], divs[j], vals[i] / divs[j], vals[i] % divs[j]);
        printf("\n");
    }
    printf("%d %d\n", -1 % 3, 1 % -3);
    printf("%d\n", INT_MIN / 2);
    printf("%d\n", INT_MIN % 3);
    printf("%d\n", INT_MIN / -2);
    long a = -9000000000L;
    printf("%ld %ld\n", a / 7, a % 7);
    printf("%ld %ld\n", a / -7, a % -7);
    long long b = LLONG_MIN + 3;
    printf("%lld %lld\n", b / 10, b % 10);
    unsigned int u = 4294967290u;
    printf("%u %u\n", u / 3, u % 3);
    short s = -30000;
    printf("%d %d\n", s / 7, s % 7);
    signed char c = -128;
    printf("%d %d\n", c / 3, c % 3);
    printf("%d\n", (-5 / 2) * 2 + (-5 % 2));
    int x = 100;
    x /= -3;
    printf("%d\n", x);
    x %= 7;
    printf("%d\n", x);
    return 0;
}
