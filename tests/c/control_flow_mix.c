/* switch with fallthrough and default in the middle, Duff's device, goto into a block, comma and conditional operators with mixed types, case ranges and long long cases; main returns 7. */
#include <stdio.h>

static int classify(int x) {
    int r = 0;
    switch (x) {
    case 1: r += 1;
    case 2: r += 2; break;
    default: r += 100;
    case 3: r += 3;
    case 4: r += 4; break;
    case 5: { int y = 5; r = y; } break;
    case -1: return -1;
    }
    return r;
}
static int duff(int n) { int c = 0; int k = (n + 3) / 4; switch (n % 4) { case 0: do { c++; case 3: c++; case 2: c++; case 1: c++; } while (--k > 0); } return c; }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int even(int n); static int odd(int n) { return n == 0 ? 0 : even(n - 1); } static int even(int n) { return n == 0 ? 1 : odd(n - 1); }
static int counter(void) { static int c = 10; return c++; }

int main(void) {
    for (int i = -1; i <= 7; i++) printf("%d ", classify(i)); printf("\n");
    for (int i = 1; i < 10; i++) printf("%d ", duff(i)); printf("\n");
    printf("%d %d %d\n", fact(10), even(10), odd(7));
    printf("%d %d %d\n", counter(), counter(), counter());
    int i = 0;
    goto inside;
    {
        int z;
    inside:
        z = 42; i = z;
    }
    printf("%d\n", i);
    int n = 0;
again:
    if (n < 5) { n++; goto again; }
    printf("%d\n", n);
    for (int i = 0, j = 10; i < j; i += 3, j--) printf("%d:%d ", i, j); printf("\n");
    int s = 0; for (int i = 0; i < 10; i++) { if (i % 2) continue; if (i > 7) break; s += i; } printf("%d\n", s);
    int k = 0; do { k += 2; } while (k < 7); printf("%d\n", k);
    int x = 5; int y = x > 3 ? x < 10 ? 1 : 2 : 3; printf("%d\n", y);
    double dd = x > 3 ? 1 : 2.5; printf("%g\n", dd);
    unsigned uu = 1; long mixed = x < 0 ? uu : -1; printf("%ld\n", mixed);
    const char *str = x ? "yes" : 0; printf("%s\n", str);
    int a = 1, b = 2; *(x > 3 ? &a : &b) = 9; printf("%d %d\n", a, b);
    int c = (a++, b++, a + b); printf("%d\n", c);
    int w = 0; while (1) { if (++w == 3) break; } printf("%d\n", w);
    int nested = 0; for (int p = 0; p < 3; p++) for (int q = 0; q < 3; q++) { if (q == 2) goto out; nested++; } out: printf("%d\n", nested);
    switch (x) default: printf("only default\n");
    switch (x) { case 5: ; int decl_after = 3; printf("%d\n", decl_after); }
    long long big = 5000000000LL; switch (big) { case 5000000000LL: printf("bigcase\n"); break; default: printf("no\n"); }
    char ch = 'b'; switch (ch) { case 'a' ... 'c': printf("range\n"); break; }
    int shadow = 1; { int shadow = 2; printf("%d ", shadow); } printf("%d\n", shadow);
    return 7;
}
