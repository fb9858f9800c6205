// inputs: 0 1 2 3  tags: recursion, while-loop, multi-inc, sort
#include <stdio.h>
#include <stdlib.h>

/* Quicksort (Hoare partition, median-of-three, recursion on the smaller half,
   loop on the larger, insertion sort for tiny ranges). Returns max recursion depth. */
int quicksort(int *a, int lo, int hi, int depth)
{
    int maxd = depth;
    while (hi - lo > 8) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] < a[lo]) { int t = a[mid]; a[mid] = a[lo]; a[lo] = t; }
        if (a[hi] < a[lo]) { int t = a[hi]; a[hi] = a[lo]; a[lo] = t; }
        if (a[hi] < a[mid]) { int t = a[hi]; a[hi] = a[mid]; a[mid] = t; }
        int pivot = a[mid];
        int i = lo - 1, j = hi + 1;
        for (;;) {
            do i++; while (a[i] < pivot);
            do j--; while (a[j] > pivot);
            if (i >= j) break;
            int t = a[i]; a[i] = a[j]; a[j] = t;
        }
        int d;
        if (j - lo < hi - j) {
            d = quicksort(a, lo, j, depth + 1);
            lo = j + 1;
        } else {
            d = quicksort(a, j + 1, hi, depth + 1);
            hi = j;
        }
        if (d > maxd) maxd = d;
    }
    for (int i = lo + 1; i <= hi; i++) {
        int v = a[i], k = i - 1;
        while (k >= lo && a[k] > v) { a[k + 1] = a[k]; k--; }
        a[k + 1] = v;
    }
    return maxd;
}

static void report(const int *a, int n)
{
    int ok = 1;
    unsigned h = 0;
    for (int i = 0; i < n; i++) {
        if (i && a[i - 1] > a[i]) ok = 0;
        h = h * 16777619u ^ (unsigned)a[i];
    }
    printf("n=%d sorted=%d hash=%08x:", n, ok, h);
    for (int i = 0; i < n && i < 10; i++) printf(" %d", a[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int a[1] = {1};
        int d = quicksort(a, 0, -1, 0);
        printf("depth=%d\n", d);
        report(a, 0);
        break;
    }
    case 1: {
        int a[7] = {3, 1, 2, 9, -5, 0, 2};
        int d = quicksort(a, 0, 6, 0);
        printf("depth=%d\n", d);
        report(a, 7);
        break;
    }
    case 2: {
        int a[100];
        for (int i = 0; i < 100; i++) a[i] = (i % 2) ? i : 100 - i;
        int d = quicksort(a, 0, 99, 0);
        printf("depth=%d\n", d);
        report(a, 100);
        break;
    }
    case 3: {
        int n = 70000;
        int *a = malloc((size_t)n * sizeof *a);
        unsigned seed = 55u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = (int)(seed >> 1) - 1000000000;
        }
        int d = quicksort(a, 0, n - 1, 0);
        printf("depth=%d\n", d);
        report(a, n);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
