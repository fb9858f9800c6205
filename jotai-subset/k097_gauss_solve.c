// inputs: 0 1 2 3  tags: nested-loop, double, matrix, early-return, down-count
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Solve A x = b by Gaussian elimination with partial pivoting.
   A is n x n row-major and is destroyed; b is overwritten by x.
   Returns 0 on success, -1 if the matrix is (numerically) singular. */
int gauss_solve(double *A, double *b, int n)
{
    for (int col = 0; col < n; col++) {
        int piv = col;
        double best = fabs(A[col * n + col]);
        for (int r = col + 1; r < n; r++) {
            double v = fabs(A[r * n + col]);
            if (v > best) { best = v; piv = r; }
        }
        if (best < 1e-12)
            return -1;
        if (piv != col) {
            for (int k = 0; k < n; k++) {
                double t = A[col * n + k];
                A[col * n + k] = A[piv * n + k];
                A[piv * n + k] = t;
            }
            double t = b[col]; b[col] = b[piv]; b[piv] = t;
        }
        for (int r = col + 1; r < n; r++) {
            double f = A[r * n + col] / A[col * n + col];
            if (f == 0.0) continue;
            for (int k = col; k < n; k++)
                A[r * n + k] -= f * A[col * n + k];
            b[r] -= f * b[col];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int k = i + 1; k < n; k++) s -= A[i * n + k] * b[k];
        b[i] = s / A[i * n + i];
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double A[4] = {1, 2, 2, 4};
        double b[2] = {3, 6};
        printf("singular: %d\n", gauss_solve(A, b, 2));
        break;
    }
    case 1: {
        double A[9] = {2, 1, -1, -3, -1, 2, -2, 1, 2};
        double b[3] = {8, -11, -3};
        int r = gauss_solve(A, b, 3);
        printf("r=%d x = %.6f %.6f %.6f\n", r, b[0], b[1], b[2]);
        break;
    }
    case 2: {
        double A[9] = {0, 1, 1, 1, 0, 1, 1, 1, 0};
        double b[3] = {5, 4, 3};
        int r = gauss_solve(A, b, 3);
        printf("r=%d x = %.6f %.6f %.6f\n", r, b[0], b[1], b[2]);
        printf("U diag = %.6f %.6f %.6f\n", A[0], A[4], A[8]);
        break;
    }
    case 3: {
        int n = 110;
        double *A = malloc((size_t)n * n * sizeof *A);
        double *x = malloc((size_t)n * sizeof *x);
        double *b = malloc((size_t)n * sizeof *b);
        unsigned seed = 10u;
        for (int i = 0; i < n * n; i++) {
            seed = seed * 1103515245u + 12345u;
            A[i] = (double)((int)((seed >> 16) % 2001) - 1000) / 1000.0;
        }
        for (int i = 0; i < n; i++) { A[i * n + i] += 4.0; x[i] = (double)(i % 10) - 4.5; }
        for (int i = 0; i < n; i++) {
            double s = 0.0;
            for (int k = 0; k < n; k++) s += A[i * n + k] * x[k];
            b[i] = s;
        }
        int r = gauss_solve(A, b, n);
        double err = 0.0;
        for (int i = 0; i < n; i++) err += fabs(b[i] - x[i]);
        printf("r=%d err<1e-8:%d x0=%.6f x1=%.6f xlast=%.6f\n", r, err < 1e-8, b[0], b[1], b[n - 1]);
        free(A); free(x); free(b);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
