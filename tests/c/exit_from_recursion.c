/* exit() called from deep recursion, through direct, mutually recursive
   and indirect calls: every frame on the stack ends at a call that does
   not return, and the edge profile must still be exact. */
#include <stdio.h>
#include <stdlib.h>

static int descend(int n, int acc, int limit);

static int odd(int n, int acc, int limit) {
    return descend(n + 1, acc * 3 % 1009, limit) + 1;
}

static int descend(int n, int acc, int limit) {
    if (n >= limit) {
        if (limit > 15) {
            printf("exit at depth %d with %d\n", n, acc);
            exit(acc % 100);
        }
        return acc;
    }
    if (n % 2)
        return odd(n, acc, limit);
    int (*next)(int, int, int) = n % 4 == 0 ? descend : odd;
    return next(n + 1, acc + n, limit) - 1;
}

int main(void) {
    for (int i = 0; i < 4; i++)
        printf("limit %d: %d\n", 5 + i, descend(0, i, 5 + i));
    printf("unreached %d\n", descend(0, 1, 20));
    return 0;
}
