// inputs: 0 1 2 3  tags: qsort, function-pointer, struct, counted-loop, conditionals
#include <stdio.h>
#include <stdlib.h>

struct interval {
    int lo, hi;
};

static int cmp_interval(const void *a, const void *b)
{
    const struct interval *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi)
        return x->hi < y->hi ? -1 : 1;
    return 0;
}

/* Sorts and merges overlapping/adjacent intervals in place; returns the new
 * count and the total covered length. */
int merge_intervals(struct interval *v, int n, long *covered)
{
    int i, w = 0;
    *covered = 0;
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_interval);
    for (i = 1; i < n; i++) {
        if (v[i].lo <= v[w].hi + 1) {
            if (v[i].hi > v[w].hi)
                v[w].hi = v[i].hi;
        } else {
            w++;
            v[w] = v[i];
        }
    }
    for (i = 0; i <= w; i++)
        *covered += (long)v[i].hi - v[i].lo + 1;
    return w + 1;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct interval v[32];
    int n = 0, i;
    long cov = 0;
    switch (opt) {
    case 0:
        n = 0;
        break;
    case 1:
        n = 4;
        v[0].lo = 1; v[0].hi = 3;
        v[1].lo = 8; v[1].hi = 10;
        v[2].lo = 2; v[2].hi = 6;
        v[3].lo = 15; v[3].hi = 18;
        break;
    case 2:
        n = 3;
        v[0].lo = 5; v[0].hi = 5;
        v[1].lo = 6; v[1].hi = 7;
        v[2].lo = 0; v[2].hi = 100;
        break;
    case 3: {
        unsigned s = 12u;
        n = 32;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            v[i].lo = (int)((s >> 16) % 500u);
            s = s * 1103515245u + 12345u;
            v[i].hi = v[i].lo + (int)((s >> 16) % 20u);
        }
        break;
    }
    default:
        return 0;
    }
    int m = merge_intervals(v, n, &cov);
    printf("merged=%d covered=%ld:", m, cov);
    for (i = 0; i < m; i++)
        printf(" [%d,%d]", v[i].lo, v[i].hi);
    printf("\n");
    return 0;
}
