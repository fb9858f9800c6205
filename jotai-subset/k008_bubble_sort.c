// inputs: 0 1 2 3  tags: sort, nested-loop, early-exit, counted-loop
#include <stdio.h>
#include <stdlib.h>

int bubble_sort(int *a, int n)
{
    int passes = 0;
    int i, j;
    for (i = 0; i < n - 1; i++) {
        int swapped = 0;
        passes++;
        for (j = 0; j < n - 1 - i; j++) {
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
                swapped = 1;
            }
        }
        if (!swapped)
            break;
    }
    return passes;
}

static void dump(const int *a, int n)
{
    int i;
    unsigned h = 0;
    for (i = 0; i < n; i++)
        h = h * 31u + (unsigned)a[i];
    if (n <= 20) {
        for (i = 0; i < n; i++)
            printf("%d ", a[i]);
        printf("\n");
    } else {
        printf("first=%d mid=%d last=%d hash=%u\n", a[0], a[n / 2], a[n - 1], h);
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int a[1] = { 5 };
        printf("passes=%d\n", bubble_sort(a, 1));
        dump(a, 1);
        break;
    }
    case 1: {
        int a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
        printf("passes=%d\n", bubble_sort(a, 8));
        dump(a, 8);
        break;
    }
    case 2: {
        int a[10] = { 9, -3, 7, 7, 0, 12, -8, 4, 1, 2 };
        printf("passes=%d\n", bubble_sort(a, 10));
        dump(a, 10);
        break;
    }
    case 3: {
        int n = 1200, i;
        int *a = malloc(n * sizeof *a);
        unsigned s = 2024u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (int)((s >> 16) % 10000u) - 5000;
        }
        printf("passes=%d\n", bubble_sort(a, n));
        dump(a, n);
        free(a);
        break;
    }
    }
    return 0;
}
