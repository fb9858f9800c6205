#include <stdio.h>

static int sum(const int *p, int n) {
    int s = 0;
    for (const int *end = p + n; p < end; p++) s += *p;
    return s;
}

int main(void) {
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i * i;
    int *p = a;
    printf("%d %d %d\n", *p, *(p + 3), p[5]);
    p += 4;
    printf("%d %d %d\n", *p, p[-2], *(p - 1));
    p++;
    printf("%d\n", *p);
    p--;
    --p;
    printf("%d\n", *p);
    printf("%d\n", *++p);
    printf("%d\n", *p++);
    printf("%d\n", *p);
    printf("%d\n", (*p)++);
    printf("%d\n", a[5]);
    printf("%d\n", ++*p);
    printf("%d\n", 3[a]);
    printf("%d\n", *(2 + a));
    printf("%d\n", sum(a, 10));
    printf("%d\n", sum(a + 5, 3));
    printf("%d\n", sum(&a[7], 3));
    long l[4] = {100, 200, 300, 400};
    long *lp = l + 3;
    printf("%ld %ld\n", *lp, lp[-3]);
    char s[] = "abcdefgh";
    char *cp = s;
    cp += 3;
    printf("%c %s\n", *cp, cp);
    double d[3] = {1.5, 2.5, 3.5};
    double *dp = &d[2];
    printf("%g %g\n", *dp, *(dp - 2));
    short sh[6] = {1, 2, 3, 4, 5, 6};
    short *sp = sh + 1;
    sp += 2;
    *sp = 40;
    sp[1] = 50;
    for (int i = 0; i < 6; i++) printf("%d ", sh[i]);
    printf("\n");
    int *q = a + 9;
    while (q >= a + 6) *q-- = -1;
    for (int i = 0; i < 10; i++) printf("%d ", a[i]);
    printf("\n");
    int idx = 2;
    long lidx = 3;
    unsigned char cidx = 1;
    printf("%d %d %d\n", *(a + idx), *(a + lidx), *(a + cidx));
    int *r = &a[8];
    r -= idx;
    printf("%d\n", *r);
    return 0;
}
