#include <stdio.h>

/* The exit status of the program is main's return value (42). */

struct Acc { int total; int calls; };

static void add(struct Acc *a, int v) {
    a->total += v;
    a->calls++;
}

static int compute(void) {
    struct Acc acc = {0, 0};
    for (int i = 1; i <= 8; i++) add(&acc, i);
    printf("total=%d calls=%d\n", acc.total, acc.calls);
    return acc.total + acc.calls - 2;
}

int main(void) {
    int r = compute();
    printf("returning %d\n", r);
    if (r != 42) return 1;
    return r;
}
