/* Patterns that break naive inlining / mem2reg: static locals in small helpers, escaped locals, recursion. */
#include <stdio.h>
#include <string.h>

static int next_ticket(void) { static int t = 100; return t++; }
static int *escaped;
static void remember(int *p) { escaped = p; }
static void poke(int v) { *escaped = v; }
static int read_later(void) { return *escaped; }

static const char *label(int n) {
    static char buf[4][16];
    static int slot;
    slot = (slot + 1) % 4;
    snprintf(buf[slot], sizeof buf[slot], "<%d>", n);
    return buf[slot];
}

static int depth_counter(int n) {
    static int max_depth;
    static int cur;
    cur++;
    if (cur > max_depth) max_depth = cur;
    if (n > 0) depth_counter(n - 1);
    cur--;
    return max_depth;
}

static inline int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static int apply(int (*f)(int, int, int), int v) { return f(v, -5, 5); }

static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int is_even(unsigned n);
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

struct Counter { int hits; int misses; };
static struct Counter *counter_instance(void) {
    static struct Counter c;
    return &c;
}
static void hit(void) { counter_instance()->hits++; }
static void miss(void) { counter_instance()->misses += 2; }

static int sum_via_out(int n, int *out) {
    int local = 0;
    int *alias = &local;
    for (int i = 0; i < n; i++) {
        *alias += i;
        if (i == n / 2) *out = local;
    }
    return local;
}

int main(void) {
    int a = next_ticket(), b = next_ticket();
    int c = next_ticket();
    printf("tickets %d %d %d\n", a, b, c);
    int x = 1;
    remember(&x);
    poke(42);
    printf("x after poke=%d\n", x);
    x = 7;
    printf("read_later=%d\n", read_later());
    {
        int y = 3;
        remember(&y);
        poke(y * 2);
        printf("y=%d\n", y);
        y++;
        printf("read y=%d\n", read_later());
    }
    printf("%s %s %s %s %s\n", label(1), label(2), label(3), label(4), label(5));
    printf("depth %d %d\n", depth_counter(5), depth_counter(2));
    printf("depth again %d\n", depth_counter(9));
    for (int v = -8; v <= 8; v += 4) printf("clamp(%d)=%d ", v, apply(clamp, v));
    putchar('\n');
    printf("fact(10)=%d even(10)=%d odd(7)=%d even(7)=%d\n", fact(10), is_even(10), is_odd(7), is_even(7));
    for (int i = 0; i < 5; i++) { hit(); if (i % 2) miss(); }
    printf("counter hits=%d misses=%d\n", counter_instance()->hits, counter_instance()->misses);
    int mid = -1;
    int total = sum_via_out(11, &mid);
    printf("sum_via_out total=%d mid=%d\n", total, mid);
    int arr[4] = { 1, 2, 3, 4 };
    int *pa = arr;
    int before = arr[2];
    pa[2] = 30;
    printf("before=%d after=%d\n", before, arr[2]);
    char s[8];
    strcpy(s, "abc");
    char *ps = s;
    ps[1] = 'X';
    printf("s=%s first=%c\n", s, *ps);
    return 0;
}
