// inputs: 0 1 2 3  tags: while-loop, unsigned, long, numeric, conditionals
#include <stdio.h>
#include <stdlib.h>

/* Finds the start value in [lo, hi] with the longest Collatz chain. */
unsigned long collatz_longest(unsigned long lo, unsigned long hi, unsigned *best_len,
                              unsigned long *peak)
{
    unsigned long best = 0, n;
    *best_len = 0;
    *peak = 0;
    for (n = lo; n <= hi; n++) {
        unsigned long x = n;
        unsigned len = 1;
        while (x != 1) {
            if (x & 1ul)
                x = 3 * x + 1;
            else
                x >>= 1;
            if (x > *peak)
                *peak = x;
            len++;
        }
        if (len > *best_len) {
            *best_len = len;
            best = n;
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    unsigned len = 0;
    unsigned long peak = 0, b;
    switch (opt) {
    case 0:
        b = collatz_longest(5, 4, &len, &peak);
        break;
    case 1:
        b = collatz_longest(1, 1, &len, &peak);
        break;
    case 2:
        b = collatz_longest(1, 30, &len, &peak);
        break;
    case 3:
        b = collatz_longest(1, 20000, &len, &peak);
        break;
    default:
        return 0;
    }
    printf("best=%lu len=%u peak=%lu\n", b, len, peak);
    return 0;
}
