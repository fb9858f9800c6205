#include <stdio.h>

struct Big { int x; double y; char z[13]; };

static long my_strlen(const char *s) {
    const char *p = s;
    while (*p) p++;
    return p - s;
}

int main(void) {
    int a[20];
    int *p = &a[3], *q = &a[17];
    printf("%td %td\n", q - p, p - q);
    printf("%ld\n", (long)(q - a));
    char c[100];
    char *cp = c + 42;
    printf("%td\n", cp - c);
    double d[10];
    printf("%td\n", &d[9] - &d[1]);
    struct Big b[5];
    printf("%td\n", &b[4] - &b[0]);
    printf("%td\n", (char *)&b[4] - (char *)&b[0]);
    printf("%d\n", (int)sizeof(struct Big));
    printf("%ld %ld\n", my_strlen("hello"), my_strlen(""));
    printf("%ld\n", my_strlen("a longer string with spaces"));
    long diff = &a[19] - &a[0];
    printf("%ld\n", diff);
    int m[4][6];
    printf("%td\n", &m[3][2] - &m[0][0]);
    printf("%td\n", m[3] - m[1]);
    printf("%td\n", &m[2] - &m[0]);
    long *lp1 = (long *)&d[0];
    long *lp2 = (long *)&d[6];
    printf("%td\n", lp2 - lp1);
    short s[8];
    short *sp = s;
    for (int i = 0; i < 5; i++) sp++;
    printf("%td\n", sp - s);
    int *end = a + 20;
    int n = 0;
    for (int *it = a; it != end; it += 4) n++;
    printf("%d\n", n);
    printf("%d\n", (int)(end - a) / 2);
    printf("%td\n", (&b[3].z[5]) - (&b[3].z[0]));
    printf("%td\n", (char *)&b[1].y - (char *)&b[1]);
    printf("%td\n", (char *)&b[1].z - (char *)&b[0].x);
    return 0;
}
