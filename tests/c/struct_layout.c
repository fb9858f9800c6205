#include <stdio.h>

struct A { char c; int i; char d; };
struct B { char c; char d; int i; };
struct C { double d; char c; };
struct D { char c; struct C inner; short s; };
struct E { int a[3]; char b; };
struct F { char c; long long ll; float f; };
struct G { short s[3]; };
struct H { char a; union { int i; char c[5]; } u; char z; };

#define OFF(T, m) ((long)((char *)&((T *)buf)->m - buf))

int main(void) {
    static char buf[256];
    printf("A %zu %ld %ld %ld\n", sizeof(struct A), OFF(struct A, c), OFF(struct A, i), OFF(struct A, d));
    printf("B %zu %ld %ld %ld\n", sizeof(struct B), OFF(struct B, c), OFF(struct B, d), OFF(struct B, i));
    printf("C %zu %ld %ld\n", sizeof(struct C), OFF(struct C, d), OFF(struct C, c));
    printf("D %zu %ld %ld %ld\n", sizeof(struct D), OFF(struct D, c), OFF(struct D, inner), OFF(struct D, s));
    printf("E %zu %ld\n", sizeof(struct E), OFF(struct E, b));
    printf("F %zu %ld %ld\n", sizeof(struct F), OFF(struct F, ll), OFF(struct F, f));
    printf("G %zu\n", sizeof(struct G));
    printf("H %zu %ld %ld\n", sizeof(struct H), OFF(struct H, u), OFF(struct H, z));
    printf("%ld %ld %ld\n", OFF(struct A, i), OFF(struct D, inner.c), OFF(struct E, a[2]));
    struct D d;
    printf("%td\n", (char *)&d.inner.c - (char *)&d);
    printf("%td\n", (char *)&d.s - (char *)&d.inner);
    struct A arr[4];
    printf("%td\n", (char *)&arr[3] - (char *)&arr[0]);
    printf("%td\n", (char *)&arr[2].d - (char *)&arr[1].c);
    struct { char c; double d; } ad;
    struct { char c; struct H h; } ah;
    printf("%td %td\n", (char *)&ad.d - &ad.c, (char *)&ah.h - &ah.c);
    return 0;
}
