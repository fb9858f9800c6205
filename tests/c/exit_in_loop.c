/* exit() called from a helper inside nested loops of a loop that never
   ends otherwise. */
#include <stdio.h>
#include <stdlib.h>

static int total;

static void account(int v) {
    total += v;
    if (total > 1000) {
        printf("total %d exceeds the limit\n", total);
        exit(total % 256 == 0 ? 1 : total % 256);
    }
}

static int step(int i) {
    for (int j = 0; j < i; j++) {
        if ((i + j) % 5 == 0)
            continue;
        account(j);
    }
    return i * 2;
}

int main(void) {
    int sum = 0;
    for (int i = 0;; i++) {
        sum += step(i);
        if (i % 4 == 0)
            printf("i=%d sum=%d total=%d\n", i, sum, total);
    }
    return sum;
}
