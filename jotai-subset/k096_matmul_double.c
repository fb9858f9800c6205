// inputs: 0 1 2  tags: nested-loop, double, matrix, counted-loop
#include <stdio.h>
#include <stdlib.h>

/* C = A * B for row-major matrices (A: n x m, B: m x p), i-k-j loop order.
   Skips zero entries of A (sparse-friendly).  Returns number of multiply-adds. */
long matmul(const double *A, const double *B, double *C, int n, int m, int p)
{
    long ops = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < p; j++)
            C[i * p + j] = 0.0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < m; k++) {
            double a = A[i * m + k];
            if (a == 0.0)
                continue;
            const double *brow = B + k * p;
            double *crow = C + i * p;
            for (int j = 0; j < p; j++) {
                crow[j] += a * brow[j];
                ops++;
            }
        }
    }
    return ops;
}

static void report(const double *C, int n, int p)
{
    double tr = 0.0, sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < p; j++) {
            sum += C[i * p + j];
            if (i == j) tr += C[i * p + j];
        }
    printf("sum=%.6f trace=%.6f\n", sum, tr);
    for (int i = 0; i < n && i < 4; i++) {
        for (int j = 0; j < p && j < 4; j++) printf(" %10.4f", C[i * p + j]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double A[6] = {0, 0, 0, 0, 0, 0};
        double B[6] = {1, 2, 3, 4, 5, 6};
        double C[4];
        printf("ops=%ld\n", matmul(A, B, C, 2, 3, 2));
        report(C, 2, 2);
        break;
    }
    case 1: {
        double A[6] = {1, 2, 3, 4, 5, 6};
        double B[6] = {7, 8, 9, 10, 11, 12};
        double C[4];
        printf("ops=%ld\n", matmul(A, B, C, 2, 3, 2));
        report(C, 2, 2);
        break;
    }
    case 2: {
        int n = 40;
        double *A = malloc((size_t)n * n * sizeof *A);
        double *B = malloc((size_t)n * n * sizeof *B);
        double *C = malloc((size_t)n * n * sizeof *C);
        unsigned seed = 4u;
        for (int i = 0; i < n * n; i++) {
            seed = seed * 1103515245u + 12345u;
            A[i] = ((seed >> 16) % 5 == 0) ? 0.0 : (double)((int)((seed >> 16) % 200) - 100) / 16.0;
            seed = seed * 1103515245u + 12345u;
            B[i] = (double)((int)((seed >> 16) % 200) - 100) / 32.0;
        }
        printf("ops=%ld\n", matmul(A, B, C, n, n, n));
        report(C, n, n);
        free(A);
        free(B);
        free(C);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
