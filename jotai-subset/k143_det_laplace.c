// inputs: 0 1 2 3  tags: recursion, double, nested-loop, matrix, early-return
#include <stdio.h>
#include <stdlib.h>

/* Determinant by recursive Laplace expansion along the first row (matrix stored with a
   fixed row stride of 10).  Zero entries in the first row are skipped. *calls counts
   recursive invocations. */
double det_laplace(const double *m, int n, long *calls)
{
    (*calls)++;
    if (n == 1) return m[0];
    if (n == 2) return m[0] * m[11] - m[1] * m[10];
    double minor[100];
    double det = 0.0;
    double sign = 1.0;
    for (int col = 0; col < n; col++, sign = -sign) {
        if (m[col] == 0.0) continue;
        for (int r = 1; r < n; r++) {
            int k = 0;
            for (int c = 0; c < n; c++) {
                if (c == col) continue;
                minor[(r - 1) * 10 + k] = m[r * 10 + c];
                k++;
            }
        }
        det += sign * m[col] * det_laplace(minor, n - 1, calls);
    }
    return det;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    double m[100];
    long calls = 0;
    for (int i = 0; i < 100; i++) m[i] = 0.0;
    switch (opt) {
    case 0: {
        m[0] = 4.5;
        double d = det_laplace(m, 1, &calls);
        printf("1x1 det=%.3f calls=%ld\n", d, calls);
        break;
    }
    case 1: {
        double v[9] = {2, -3, 1, 2, 0, -1, 1, 4, 5};
        for (int r = 0; r < 3; r++) for (int c = 0; c < 3; c++) m[r * 10 + c] = v[r * 3 + c];
        double d = det_laplace(m, 3, &calls);
        printf("3x3 det=%.3f calls=%ld\n", d, calls);
        break;
    }
    case 2: {
        for (int r = 0; r < 6; r++) m[r * 10 + r] = r + 1.0;   /* diagonal: first rows sparse */
        m[0 * 10 + 5] = 0.5;
        double d = det_laplace(m, 6, &calls);
        printf("6x6 diag det=%.3f calls=%ld\n", d, calls);
        break;
    }
    case 3: {
        unsigned seed = 3u;
        int n = 9;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                seed = seed * 1103515245u + 12345u;
                m[r * 10 + c] = (double)((int)((seed >> 16) % 9) - 4);
            }
        m[4] = 0.0;  /* one structural zero in the expansion row */
        double d = det_laplace(m, n, &calls);
        printf("9x9 det=%.1f calls=%ld\n", d, calls);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
