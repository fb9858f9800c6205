// inputs: 0 1 2 3  tags: bits, down-count, unsigned, counted-loop, early-return
#include <stdio.h>
#include <stdlib.h>

/* In-place bit-reversal permutation of an array of 2^log2n doubles (as used before an
   iterative FFT).  Returns number of swaps, -1 if log2n is out of range. */
long bitrev_permute(double *a, int log2n)
{
    if (log2n < 0 || log2n > 24) return -1;
    unsigned n = 1u << log2n;
    long swaps = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned x = i, r = 0;
        for (int b = log2n; b > 0; b--) {
            r = (r << 1) | (x & 1u);
            x >>= 1;
        }
        if (r > i) {
            double t = a[i];
            a[i] = a[r];
            a[r] = t;
            swaps++;
        }
    }
    return swaps;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double a[1] = {1.5};
        long s1 = bitrev_permute(a, -1);
        long s2 = bitrev_permute(a, 0);
        printf("bad=%ld single=%ld a0=%.2f\n", s1, s2, a[0]);
        break;
    }
    case 1: {
        double a[8];
        for (int i = 0; i < 8; i++) a[i] = i;
        long s = bitrev_permute(a, 3);
        printf("swaps=%ld:", s);
        for (int i = 0; i < 8; i++) printf(" %.0f", a[i]);
        printf("\n");
        break;
    }
    case 2: {
        double a[32];
        for (int i = 0; i < 32; i++) a[i] = i * 0.5;
        long s = bitrev_permute(a, 5);
        long s2 = bitrev_permute(a, 5);
        printf("swaps=%ld again=%ld:", s, s2);
        for (int i = 0; i < 32; i++) printf(" %.1f", a[i]);
        printf("\n");
        break;
    }
    case 3: {
        int lg = 12;
        unsigned n = 1u << lg;
        double *a = malloc(n * sizeof *a);
        for (unsigned i = 0; i < n; i++) a[i] = (double)((i * 2654435761u) >> 20);
        long s = bitrev_permute(a, lg);
        double acc = 0.0;
        for (unsigned i = 0; i < n; i++) acc += a[i] * (double)(i & 7u);
        printf("swaps=%ld acc=%.1f a[1]=%.0f a[%u]=%.0f\n", s, acc, a[1], n - 2, a[n - 2]);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
