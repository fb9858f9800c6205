// inputs: 0 1 2 3  tags: recursion, sort, while-loop
#include <stdio.h>
#include <stdlib.h>

void quicksort(int *a, int lo, int hi)
{
    if (lo >= hi)
        return;
    int pivot = a[lo + (hi - lo) / 2];
    int i = lo, j = hi;
    while (i <= j) {
        while (a[i] < pivot)
            i++;
        while (a[j] > pivot)
            j--;
        if (i <= j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
    }
    if (lo < j)
        quicksort(a, lo, j);
    if (i < hi)
        quicksort(a, i, hi);
}

static void report(const int *a, int n)
{
    int i, sorted = 1;
    unsigned h = 0;
    for (i = 0; i < n; i++) {
        h = h * 33u + (unsigned)a[i];
        if (i > 0 && a[i - 1] > a[i])
            sorted = 0;
    }
    if (n <= 16) {
        for (i = 0; i < n; i++)
            printf("%d ", a[i]);
        printf("\n");
    }
    printf("n=%d sorted=%d hash=%u\n", n, sorted, h);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int a[1] = { 42 };
        quicksort(a, 0, 0);
        report(a, 1);
        break;
    }
    case 1: {
        int a[9] = { 5, 5, 5, 1, 5, 5, 9, 5, 5 };
        quicksort(a, 0, 8);
        report(a, 9);
        break;
    }
    case 2: {
        int a[16] = { 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };
        quicksort(a, 0, 15);
        report(a, 16);
        break;
    }
    case 3: {
        int n = 60000, i;
        int *a = malloc(n * sizeof *a);
        unsigned s = 31337u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (int)(s >> 8) - (1 << 23);
        }
        quicksort(a, 0, n - 1);
        report(a, n);
        free(a);
        break;
    }
    }
    return 0;
}
