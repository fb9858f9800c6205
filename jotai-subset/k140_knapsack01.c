// inputs: 0 1 2 3  tags: down-count, nested-loop, dynamic-programming, early-return
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 0/1 knapsack, 1-D table iterated with a down-counting capacity loop.
   best[c] = best value using capacity c.  Returns best[cap]. */
long knapsack(const int *weight, const int *value, int n, int cap, long *best)
{
    if (cap < 0) return -1;
    for (int c = 0; c <= cap; c++) best[c] = 0;
    for (int i = 0; i < n; i++) {
        int w = weight[i];
        if (w > cap || value[i] <= 0)
            continue;
        for (int c = cap; c >= w; c--) {
            long cand = best[c - w] + value[i];
            if (cand > best[c])
                best[c] = cand;
        }
    }
    return best[cap];
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        long best[1];
        int w[1] = {1}, v[1] = {1};
        long r1 = knapsack(w, v, 1, -1, best);
        long r2 = knapsack(w, v, 0, 0, best);
        printf("neg cap=%ld zero=%ld\n", r1, r2);
        break;
    }
    case 1: {
        int w[4] = {1, 3, 4, 5}, v[4] = {1, 4, 5, 7};
        long best[8];
        long r = knapsack(w, v, 4, 7, best);
        printf("best=%ld table:", r);
        for (int c = 0; c <= 7; c++) printf(" %ld", best[c]);
        printf("\n");
        break;
    }
    case 2: {
        int w[3] = {10, 20, 30}, v[3] = {60, -1, 120};
        long best[6];
        long r = knapsack(w, v, 3, 5, best);
        printf("nothing fits: %ld\n", r);
        break;
    }
    case 3: {
        int n = 200, cap = 5000;
        int *w = malloc((size_t)n * sizeof *w), *v = malloc((size_t)n * sizeof *v);
        long *best = malloc((size_t)(cap + 1) * sizeof *best);
        unsigned seed = 77u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            w[i] = 5 + (int)((seed >> 16) % 150);
            v[i] = (int)((seed >> 8) % 500) + w[i] / 2;
        }
        long r = knapsack(w, v, n, cap, best);
        printf("best=%ld best[cap/2]=%ld best[100]=%ld\n", r, best[cap / 2], best[100]);
        free(w); free(v); free(best);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
