#include <stdio.h>
#include <stdlib.h>

int main(void) {
    printf("%d %d %d %d\n", atoi("123"), atoi("-456"), atoi("  78xyz"), atoi("abc"));
    printf("%d\n", atoi("+2147483647"));
    printf("%ld\n", atol("-9000000000"));
    char *end;
    long v = strtol("0x1F rest", &end, 16);
    printf("%ld [%s]\n", v, end);
    v = strtol("0x1F", &end, 0);
    printf("%ld [%s]\n", v, end);
    v = strtol("0755", &end, 0);
    printf("%ld\n", v);
    v = strtol("101101", &end, 2);
    printf("%ld\n", v);
    v = strtol("zz", &end, 36);
    printf("%ld\n", v);
    v = strtol("   -42abc", &end, 10);
    printf("%ld [%s]\n", v, end);
    v = strtol("nothing", &end, 10);
    printf("%ld [%s]\n", v, end);
    unsigned long u = strtoul("4294967296", &end, 10);
    printf("%lu\n", u);
    long long ll = strtoll("-9223372036854775807", NULL, 10);
    printf("%lld\n", ll);
    double d = strtod("3.25e2xyz", &end);
    printf("%g [%s]\n", d, end);
    printf("%g\n", atof("-0.125"));
    const char *list = "10 20 -30 40";
    const char *p = list;
    long sum = 0;
    for (;;) {
        char *e;
        long x = strtol(p, &e, 10);
        if (e == p) break;
        sum += x;
        p = e;
    }
    printf("sum=%ld\n", sum);
    return 0;
}
