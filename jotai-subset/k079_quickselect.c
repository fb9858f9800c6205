// inputs: 0 1 2 3  tags: search, while-loop, partition, multi-exit, selection
#include <stdio.h>
#include <stdlib.h>

/* Iterative quickselect (Lomuto partition): returns the k-th smallest element
 * (0-based), rearranging a. Returns -1 for an invalid k. */
int quickselect(int *a, int n, int k, int *rounds)
{
    int lo = 0, hi = n - 1;
    *rounds = 0;
    if (k < 0 || k >= n)
        return -1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int pivot, i, store, t;
        (*rounds)++;
        t = a[mid]; a[mid] = a[hi]; a[hi] = t;
        pivot = a[hi];
        store = lo;
        for (i = lo; i < hi; i++) {
            if (a[i] < pivot) {
                t = a[i]; a[i] = a[store]; a[store] = t;
                store++;
            }
        }
        t = a[store]; a[store] = a[hi]; a[hi] = t;
        if (store == k)
            return a[k];
        if (k < store)
            hi = store - 1;
        else
            lo = store + 1;
    }
    return a[k];
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int a[50], n = 0, k = 0, i, rounds = 0;
    switch (opt) {
    case 0:
        n = 3; k = 5;
        a[0] = 1; a[1] = 2; a[2] = 3;
        break;
    case 1:
        n = 1; k = 0;
        a[0] = 42;
        break;
    case 2:
        n = 9; k = 4;
        for (i = 0; i < n; i++)
            a[i] = (i * 7) % 9;
        break;
    case 3: {
        unsigned s = 3u;
        n = 50; k = 37;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (int)((s >> 16) % 100u);
        }
        break;
    }
    default:
        return 0;
    }
    int r = quickselect(a, n, k, &rounds);
    printf("k=%d value=%d rounds=%d\narr:", k, r, rounds);
    for (i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf("\n");
    return 0;
}
