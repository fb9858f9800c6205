#include <stdio.h>

int main(void) {
    int a = 5;
    printf("%d %d %d %d\n", -a, +a, ~a, !a);
    printf("%d %d\n", - -a, ~~a);
    printf("%d %d\n", !!a, !!0);
    unsigned int u = 5;
    printf("%u %u\n", -u, ~u);
    long l = -7;
    printf("%ld %ld %d\n", -l, ~l, !l);
    double d = 2.5;
    printf("%g %g %d\n", -d, +d, !d);
    char c = 3;
    printf("%d %d\n", -c, ~c);
    unsigned char uc = 3;
    printf("%d %d\n", -uc, ~uc);
    int x = 10;
    int *p = &x;
    printf("%d\n", *&x);
    printf("%d\n", *&*&x);
    printf("%d\n", &*p == p);
    int arr[3] = {7, 8, 9};
    printf("%d\n", *&arr[1]);
    printf("%d\n", -arr[2]);
    printf("%d\n", !arr[0]);
    int zero = 0;
    printf("%d %d\n", -zero, ~zero);
    printf("%d\n", -(-2147483647));
    long long ll = 1;
    printf("%lld\n", -ll * 8 / 2);
    float f = 0.0f;
    printf("%d\n", !f);
    double nz = -0.0;
    printf("%d\n", !nz);
    printf("%d\n", -(a - 10) * 2);
    int y = -a--;
    printf("%d %d\n", y, a);
    y = -++a;
    printf("%d %d\n", y, a);
    return 0;
}
