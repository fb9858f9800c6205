// inputs: 0 1 2 3  tags: sort, nested-loop, down-count, while-loop, short
#include <stdio.h>
#include <stdlib.h>

long insertion_sort(short *a, int n)
{
    long moves = 0;
    int i;
    for (i = 1; i < n; i++) {
        short key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
            moves++;
        }
        a[j + 1] = key;
    }
    return moves;
}

static void dump(const short *a, int n)
{
    int i;
    unsigned h = 7u;
    for (i = 0; i < n; i++)
        h = h * 131u + (unsigned)(unsigned short)a[i];
    if (n <= 16) {
        for (i = 0; i < n; i++)
            printf("%d ", a[i]);
        printf("\n");
    } else {
        printf("min=%d max=%d hash=%u\n", a[0], a[n - 1], h);
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        short a[1] = { 0 };
        printf("moves=%ld\n", insertion_sort(a, 0));
        break;
    }
    case 1: {
        short a[10] = { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };
        printf("moves=%ld\n", insertion_sort(a, 10));
        dump(a, 10);
        break;
    }
    case 2: {
        short a[12] = { 3, -1, 3, 32767, -32768, 0, 5, 5, 2, 9, -7, 1 };
        printf("moves=%ld\n", insertion_sort(a, 12));
        dump(a, 12);
        break;
    }
    case 3: {
        int n = 1400, i;
        short *a = malloc(n * sizeof *a);
        unsigned s = 77u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (short)((int)((s >> 12) & 0xffffu) - 32768);
        }
        printf("moves=%ld\n", insertion_sort(a, n));
        dump(a, n);
        free(a);
        break;
    }
    }
    return 0;
}
