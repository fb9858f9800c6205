// inputs: 0 1 2 3  tags: search, while-loop, multi-exit, early-return
#include <stdio.h>
#include <stdlib.h>

/* Returns index of key in sorted a[0..n), or -(insertion point)-1. */
int binary_search(const int *a, int n, int key, int *probes)
{
    int lo = 0, hi = n - 1;
    *probes = 0;
    if (n == 0)
        return -1;
    if (key < a[0])
        return -1;
    if (key > a[n - 1])
        return -n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        (*probes)++;
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -lo - 1;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int probes = 0;
    switch (opt) {
    case 0: {
        int a[1] = { 0 };
        int r = binary_search(a, 0, 3, &probes);
        printf("r=%d probes=%d\n", r, probes);
        break;
    }
    case 1: {
        int a[7] = { 1, 3, 5, 7, 9, 11, 13 };
        int keys[6] = { 0, 1, 6, 13, 14, 9 };
        int i;
        for (i = 0; i < 6; i++) {
            int r = binary_search(a, 7, keys[i], &probes);
            printf("key=%d r=%d probes=%d\n", keys[i], r, probes);
        }
        break;
    }
    case 2: {
        int a[5] = { 2, 2, 2, 2, 2 };
        int r = binary_search(a, 5, 2, &probes);
        printf("r=%d probes=%d\n", r, probes);
        break;
    }
    case 3: {
        int n = 65536, i;
        int *a = malloc(n * sizeof *a);
        for (i = 0; i < n; i++)
            a[i] = 3 * i + 1;
        unsigned s = 1u;
        long found = 0, total_probes = 0, sum_ins = 0;
        for (i = 0; i < 40000; i++) {
            s = s * 1103515245u + 12345u;
            int key = (int)((s >> 8) % (unsigned)(3 * n + 10)) - 5;
            int r = binary_search(a, n, key, &probes);
            total_probes += probes;
            if (r >= 0)
                found++;
            else
                sum_ins += -r - 1;
        }
        printf("found=%ld probes=%ld ins=%ld\n", found, total_probes, sum_ins);
        free(a);
        break;
    }
    }
    return 0;
}
