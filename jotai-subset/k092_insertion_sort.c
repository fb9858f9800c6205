// inputs: 0 1 2 3  tags: down-count, nested-loop, sort, multi-exit
#include <stdio.h>
#include <stdlib.h>

/* Insertion sort of ints; returns the number of element shifts performed. */
long insertion_sort(int *a, int n)
{
    long shifts = 0;
    for (int i = 1; i < n; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
            shifts++;
        }
        a[j + 1] = v;
    }
    return shifts;
}

static void report(const int *a, int n)
{
    unsigned h = 0;
    int ok = 1;
    for (int i = 0; i < n; i++) {
        h = h * 2654435761u + (unsigned)a[i];
        if (i && a[i - 1] > a[i]) ok = 0;
    }
    printf("n=%d sorted=%d hash=%08x:", n, ok, h);
    for (int i = 0; i < n && i < 16; i++) printf(" %d", a[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int a[1] = {42};
        printf("shifts=%ld\n", insertion_sort(a, 0));
        printf("shifts=%ld\n", insertion_sort(a, 1));
        report(a, 1);
        break;
    }
    case 1: {
        int a[12] = {5, -3, 9, 0, 0, 12, -7, 4, 4, 100, -100, 1};
        printf("shifts=%ld\n", insertion_sort(a, 12));
        report(a, 12);
        break;
    }
    case 2: {
        int a[200];
        for (int i = 0; i < 200; i++) a[i] = 200 - i;
        printf("shifts=%ld\n", insertion_sort(a, 200));
        report(a, 200);
        break;
    }
    case 3: {
        int n = 1600;
        int *a = malloc((size_t)n * sizeof *a);
        unsigned seed = 2024u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = (int)((seed >> 8) % 100000u) - 50000;
        }
        printf("shifts=%ld\n", insertion_sort(a, n));
        report(a, n);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
