// inputs: 0 1 2 3  tags: while-loop, multi-exit, counted-loop, early-return, merge
#include <stdio.h>
#include <stdlib.h>

/* Merge two sorted arrays into out, dropping duplicates (set union), stopping when out
   is full.  Returns the number written; *consumed_a / *consumed_b report progress. */
int merge_union(const int *a, int na, const int *b, int nb, int *out, int cap,
                int *consumed_a, int *consumed_b)
{
    int i = 0, j = 0, k = 0;
    while (1) {
        if (k == cap) break;
        if (i == na && j == nb) break;
        int v;
        if (j == nb || (i < na && a[i] < b[j])) {
            v = a[i++];
        } else if (i == na || b[j] < a[i]) {
            v = b[j++];
        } else {
            v = a[i];
            i++;
            j++;
        }
        if (k > 0 && out[k - 1] == v)
            continue;
        out[k++] = v;
    }
    *consumed_a = i;
    *consumed_b = j;
    return k;
}

static void t(const int *a, int na, const int *b, int nb, int cap)
{
    int out[64], ca, cb;
    int k = merge_union(a, na, b, nb, out, cap, &ca, &cb);
    printf("k=%d ca=%d cb=%d:", k, ca, cb);
    for (int i = 0; i < k; i++) printf(" %d", out[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int a[1] = {0};
        t(a, 0, a, 0, 10);
        t(a, 1, a, 0, 0);
        break;
    }
    case 1: {
        int a[6] = {1, 3, 3, 5, 7, 9}, b[5] = {2, 3, 4, 9, 10};
        t(a, 6, b, 5, 64);
        t(a, 6, b, 5, 4);
        break;
    }
    case 2: {
        int a[3] = {1, 2, 3}, b[4] = {10, 11, 12, 13};
        t(a, 3, b, 4, 64);
        t(b, 4, a, 3, 64);
        break;
    }
    case 3: {
        int na = 30000, nb = 25000;
        int *a = malloc((size_t)na * sizeof *a), *b = malloc((size_t)nb * sizeof *b);
        int *out = malloc((size_t)(na + nb) * sizeof *out);
        int va = 0, vb = 0;
        unsigned seed = 13u;
        for (int i = 0; i < na; i++) { seed = seed * 1103515245u + 12345u; va += (int)((seed >> 16) % 4); a[i] = va; }
        for (int i = 0; i < nb; i++) { seed = seed * 1103515245u + 12345u; vb += (int)((seed >> 16) % 5); b[i] = vb; }
        int ca, cb;
        int k = merge_union(a, na, b, nb, out, na + nb, &ca, &cb);
        long s = 0;
        for (int i = 0; i < k; i++) s += out[i];
        printf("k=%d ca=%d cb=%d sum=%ld last=%d\n", k, ca, cb, s, out[k - 1]);
        free(a); free(b); free(out);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
