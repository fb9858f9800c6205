// inputs: 0 1 2 3  tags: long, counted-loop, conditionals, kadane
#include <stdio.h>
#include <stdlib.h>

/* Kadane's algorithm on longs; reports the best range. */
long max_subarray(const long *a, long n, long *from, long *to)
{
    long best, cur, start = 0, i;
    *from = *to = -1;
    if (n <= 0)
        return 0;
    best = cur = a[0];
    *from = *to = 0;
    for (i = 1; i < n; i++) {
        if (cur < 0) {
            cur = a[i];
            start = i;
        } else {
            cur += a[i];
        }
        if (cur > best) {
            best = cur;
            *from = start;
            *to = i;
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    long f = 0, t = 0, r;
    switch (opt) {
    case 0: {
        long a[1] = { 0 };
        r = max_subarray(a, 0, &f, &t);
        break;
    }
    case 1: {
        long a[5] = { -5, -2, -8, -1, -9 };
        r = max_subarray(a, 5, &f, &t);
        break;
    }
    case 2: {
        long a[9] = { -2, 1, -3, 4, -1, 2, 1, -5, 4 };
        r = max_subarray(a, 9, &f, &t);
        break;
    }
    case 3: {
        long n = 20000, i;
        long *a = malloc((size_t)n * sizeof *a);
        unsigned s = 5u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (long)((s >> 16) % 2001u) - 1001L;
        }
        r = max_subarray(a, n, &f, &t);
        free(a);
        break;
    }
    default:
        return 0;
    }
    printf("best=%ld from=%ld to=%ld\n", r, f, t);
    return 0;
}
