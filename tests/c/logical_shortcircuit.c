// gcc-check-flags: -Wno-parentheses
#include <stdio.h>

static int calls;
static char trace[128];
static int tp;

static int t(int id) { calls++; trace[tp++] = (char)('0' + id); return 1; }
static int f(int id) { calls++; trace[tp++] = (char)('0' + id); return 0; }
static void reset(void) { calls = 0; tp = 0; }
static void show(const char *what, int r) { trace[tp] = 0; printf("%-22s r=%d calls=%d trace=%s\n", what, r, calls, trace); reset(); }

int main(void) {
    int r;
    r = f(1) && t(2); show("f&&t", r);
    r = t(1) && f(2); show("t&&f", r);
    r = t(1) && t(2); show("t&&t", r);
    r = t(1) || t(2); show("t||t", r);
    r = f(1) || t(2); show("f||t", r);
    r = f(1) || f(2); show("f||f", r);
    r = f(1) && t(2) || t(3); show("f&&t||t", r);
    r = t(1) || f(2) && f(3); show("t||f&&f", r);
    r = (t(1) || f(2)) && f(3); show("(t||f)&&f", r);
    r = f(1) || f(2) || f(3) || t(4) || t(5); show("chain-or", r);
    r = t(1) && t(2) && t(3) && f(4) && t(5); show("chain-and", r);
    r = !f(1) && !t(2); show("!f&&!t", r);
    r = t(1) ? f(2) || t(3) : t(4); show("ternary", r);
    int x = 0;
    r = (x++ > 0) && (x++ > 0);
    printf("x=%d r=%d\n", x, r);
    x = 0;
    r = (x++ == 0) || (x++ == 0);
    printf("x=%d r=%d\n", x, r);
    int *p = 0;
    r = p && *p;
    printf("null-safe %d\n", r);
    int v = 5;
    p = &v;
    r = p && *p == 5;
    printf("deref %d\n", r);
    printf("%d %d %d %d\n", 2 && 3, 0 || -1, !5, !0);
    printf("%d %d\n", 0.0 || 0.5, 0.5 && 0.0);
    int i = 0, count = 0;
    while (i < 10 && ++count < 5) i++;
    printf("i=%d count=%d\n", i, count);
    long big = 1L << 40;
    printf("%d\n", big && 1);
    unsigned char u = 0;
    printf("%d\n", u || x);
    int a = 3, b = 0;
    if (b != 0 && a / b > 1) printf("divided\n"); else printf("guarded\n");
    if (a > 2 || (b = 10)) printf("b=%d\n", b);
    if (a > 5 || (b = 10)) printf("b=%d\n", b);
    return 0;
}
