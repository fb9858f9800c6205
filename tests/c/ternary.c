#include <stdio.h>

static int max3(int a, int b, int c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }
static const char *sign(int x) { return x < 0 ? "neg" : x == 0 ? "zero" : "pos"; }
static int side;
static int se(int v) { side += v; return v; }

int main(void) {
    printf("%d %d %d\n", max3(1, 2, 3), max3(3, 2, 1), max3(2, 3, 1));
    printf("%s %s %s\n", sign(-5), sign(0), sign(5));
    int x = 5;
    int y = x > 3 ? 100 : 200;
    printf("%d\n", y);
    y = x < 3 ? 100 : x < 6 ? 300 : 400;
    printf("%d\n", y);
    side = 0;
    int r = 1 ? se(1) : se(10);
    printf("%d %d\n", r, side);
    side = 0;
    r = 0 ? se(1) : se(10);
    printf("%d %d\n", r, side);
    double d = x > 0 ? 1 : 2.5;
    printf("%g\n", d);
    printf("%zu\n", sizeof(x ? 1 : 2.0));
    printf("%zu\n", sizeof(x ? (char)1 : (char)2));
    unsigned int u = 1;
    int neg = -1;
    long res = x ? neg : u;
    printf("%ld\n", res);
    int a = 1, b = 2;
    int *p = x ? &a : &b;
    *p = 50;
    printf("%d %d\n", a, b);
    *(x > 10 ? &a : &b) = 77;
    printf("%d %d\n", a, b);
    char *s = x ? "yes" : 0;
    printf("%s\n", s);
    int cnt = 0;
    for (int i = 0; i < 10; i++) cnt += i % 3 ? 1 : 10;
    printf("%d\n", cnt);
    int n = 7;
    printf("%s\n", n % 2 ? "odd" : "even");
    printf("%d\n", (n > 5 ? n : 5) * 2);
    printf("%d\n", n > 5 ? n : 5 * 2);
    float f = 2.5f;
    printf("%g\n", n ? f : 0.1);
    long l = 0 ? 1 : -1L;
    printf("%ld\n", l);
    unsigned long ul = n ? -1 : 0UL;
    printf("%lu\n", ul);
    printf("%d\n", 0 ? 1 : 0 ? 2 : 3);
    int z = 0;
    z = z ? z : 42;
    printf("%d\n", z);
    return 0;
}
