// inputs: 0 1 2 3  tags: down-count, while-loop, counted-loop, early-return, in-place
#include <stdio.h>
#include <stdlib.h>

/* Rotate an int array left by k positions using the three-reversal trick.
   Negative k rotates right.  Returns the normalised shift actually applied. */
long rotate_left(int *a, long n, long k)
{
    if (n <= 1) return 0;
    k %= n;
    if (k < 0) k += n;
    if (k == 0) return 0;
    long segs[3][2] = {{0, k - 1}, {k, n - 1}, {0, n - 1}};
    for (int s = 0; s < 3; s++) {
        long i = segs[s][0], j = segs[s][1];
        while (i < j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
    }
    return k;
}

static void show(const int *a, long n)
{
    for (long i = 0; i < n && i < 16; i++) printf(" %d", a[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int a[1] = {9};
        long r = rotate_left(a, 1, 5);
        printf("r=%ld", r);
        show(a, 1);
        break;
    }
    case 1: {
        int a[7] = {1, 2, 3, 4, 5, 6, 7};
        long r = rotate_left(a, 7, 3);
        printf("r=%ld", r);
        show(a, 7);
        r = rotate_left(a, 7, -10);
        printf("r=%ld", r);
        show(a, 7);
        r = rotate_left(a, 7, 14);
        printf("r=%ld", r);
        show(a, 7);
        break;
    }
    case 2: {
        int a[10];
        for (int i = 0; i < 10; i++) a[i] = i * i;
        long r = rotate_left(a, 10, 9);
        printf("r=%ld", r);
        show(a, 10);
        break;
    }
    case 3: {
        long n = 100003;
        int *a = malloc((size_t)n * sizeof *a);
        for (long i = 0; i < n; i++) a[i] = (int)(i % 1000);
        long total = 0;
        for (long k = 1; k < 40; k += 7) total += rotate_left(a, n, k * 997 - 20000);
        unsigned h = 0;
        for (long i = 0; i < n; i++) h = h * 31u + (unsigned)a[i];
        printf("total=%ld hash=%08x", total, h);
        show(a, n);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
