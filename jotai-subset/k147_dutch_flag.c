// inputs: 0 1 2 3  tags: while-loop, switch, in-place, partition
#include <stdio.h>
#include <stdlib.h>

/* Three-way partition around pivot (Dijkstra's Dutch national flag).
   On return a[0..*lt) < pivot, a[*lt..*gt] == pivot, a(*gt..n) > pivot.
   Returns number of swaps. */
long three_way_partition(int *a, int n, int pivot, int *lt, int *gt)
{
    int lo = 0, mid = 0, hi = n - 1;
    long swaps = 0;
    while (mid <= hi) {
        int c = (a[mid] > pivot) - (a[mid] < pivot);
        switch (c) {
        case -1: {
            int t = a[lo]; a[lo] = a[mid]; a[mid] = t;
            lo++;
            mid++;
            swaps++;
            break;
        }
        case 0:
            mid++;
            break;
        default: {
            int t = a[hi]; a[hi] = a[mid]; a[mid] = t;
            hi--;
            swaps++;
            break;
        }
        }
    }
    *lt = lo;
    *gt = hi;
    return swaps;
}

static void show(const int *a, int n)
{
    for (int i = 0; i < n && i < 20; i++) printf(" %d", a[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    int lt, gt;
    switch (opt) {
    case 0: {
        int a[1] = {0};
        long s = three_way_partition(a, 0, 5, &lt, &gt);
        printf("swaps=%ld lt=%d gt=%d\n", s, lt, gt);
        break;
    }
    case 1: {
        int a[12] = {2, 0, 1, 2, 1, 0, 0, 2, 1, 1, 2, 0};
        long s = three_way_partition(a, 12, 1, &lt, &gt);
        printf("swaps=%ld lt=%d gt=%d:", s, lt, gt);
        show(a, 12);
        break;
    }
    case 2: {
        int a[6] = {9, 8, 7, 6, 5, 4};
        long s = three_way_partition(a, 6, 100, &lt, &gt);
        printf("swaps=%ld lt=%d gt=%d:", s, lt, gt);
        show(a, 6);
        s = three_way_partition(a, 6, -100, &lt, &gt);
        printf("swaps=%ld lt=%d gt=%d:", s, lt, gt);
        show(a, 6);
        break;
    }
    case 3: {
        int n = 15000;
        int *a = malloc((size_t)n * sizeof *a);
        unsigned seed = 21u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = (int)((seed >> 16) % 50);
        }
        long s = three_way_partition(a, n, 25, &lt, &gt);
        int ok = 1;
        for (int i = 0; i < n; i++) {
            if (i < lt && a[i] >= 25) ok = 0;
            if (i >= lt && i <= gt && a[i] != 25) ok = 0;
            if (i > gt && a[i] <= 25) ok = 0;
        }
        printf("swaps=%ld lt=%d gt=%d ok=%d\n", s, lt, gt, ok);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
