#include <stdio.h>

static int helper(int x) { return x * 3 + 1; }
static int counter(void) { static int n; return ++n; }
static const char *name(void) { return "static-name"; }
static void fill(int *a, int n) { for (int i = 0; i < n; i++) a[i] = helper(i); }

static int forward_declared(int);
int public_fn(int x) { return forward_declared(x) + 1; }
static int forward_declared(int x) { return x * x; }

static int table_lookup(int i) {
    static const int table[5] = {2, 3, 5, 7, 11};
    return table[i % 5];
}

static int accumulate(int v) {
    static long total = 1000;
    total += v;
    return (int)total;
}

int main(void) {
    printf("%d %d\n", helper(0), helper(10));
    for (int i = 0; i < 5; i++) printf("%d ", counter());
    printf("\n");
    printf("%s\n", name());
    int a[6];
    fill(a, 6);
    for (int i = 0; i < 6; i++) printf("%d ", a[i]);
    printf("\n");
    printf("%d\n", public_fn(7));
    for (int i = 0; i < 8; i++) printf("%d ", table_lookup(i));
    printf("\n");
    accumulate(5);
    accumulate(-20);
    printf("%d\n", accumulate(0));
    int (*fp)(int) = helper;
    printf("%d\n", fp(100));
    return 0;
}
