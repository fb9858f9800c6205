#include <stdio.h>

int main(void) {
    for (int i = 0; i < 3; i++) printf("%d ", i);
    printf("\n");
    int i = 100;
    for (int i = 0; i < 2; i++) printf("inner %d ", i);
    printf("outer %d\n", i);
    for (int a = 0, b = 10; a < b; a += 3, b -= 2) printf("(%d,%d)", a, b);
    printf("\n");
    int sum = 0;
    for (int k = 0; k < 10; k++) {
        int k2 = k * k;
        sum += k2;
    }
    printf("%d\n", sum);
    int n = 0;
    for (;;) { if (++n == 5) break; }
    printf("%d\n", n);
    int m;
    for (m = 0; m < 4; m++) ;
    printf("%d\n", m);
    for (long l = 1; l < 1000000000000L; l *= 100) printf("%ld ", l);
    printf("\n");
    for (char c = 'a'; c <= 'e'; c++) putchar(c);
    putchar('\n');
    for (double d = 0.0; d < 1.0; d += 0.25) printf("%g ", d);
    printf("\n");
    for (unsigned u = 3; u-- > 0;) printf("%u ", u);
    printf("\n");
    for (int *p = &m; p; p = 0) printf("ptr-loop %d\n", *p);
    int tbl[3][3];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) tbl[r][c] = r == c;
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++) printf("%d", tbl[r][c]);
        printf(" ");
    }
    printf("\n");
    int x = 0;
    for (int q = 0; q < 3; q++) {
        int q2 = q;
        for (int q = 10; q < 12; q++) x += q * q2;
    }
    printf("%d\n", x);
    for (int f = 1, g = 1, cnt = 0; cnt < 10; cnt++) {
        printf("%d ", f);
        int t = f + g;
        f = g;
        g = t;
    }
    printf("\n");
    return 0;
}
