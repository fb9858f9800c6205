// inputs: 0 1 2  tags: float, matrix, nested-loop, power-iteration
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* y = A x for a row-major n x n float matrix; returns the infinity norm of y. */
float matvec(const float *A, const float *x, float *y, int n)
{
    int i, j;
    float norm = 0.0f;
    for (i = 0; i < n; i++) {
        float s = 0.0f;
        const float *row = A + (size_t)i * n;
        for (j = 0; j < n; j++)
            s += row[j] * x[j];
        y[i] = s;
        if (fabsf(s) > norm)
            norm = fabsf(s);
    }
    return norm;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        float A[1] = { 0.0f }, x[1] = { 1.0f }, y[1];
        float nrm = matvec(A, x, y, 1);
        printf("norm=%.4f y=%.4f\n", (double)nrm, (double)y[0]);
        break;
    }
    case 1: {
        float A[9] = { 2, -1, 0, -1, 2, -1, 0, -1, 2 }, x[3] = { 1, 2, 3 }, y[3];
        float nrm = matvec(A, x, y, 3);
        printf("norm=%.4f y=%.4f %.4f %.4f\n", (double)nrm, (double)y[0], (double)y[1], (double)y[2]);
        break;
    }
    case 2: {
        /* power iteration on a symmetric 150x150 matrix */
        int n = 150, i, j, it;
        float *A = malloc((size_t)n * n * sizeof *A);
        float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                A[i * n + j] = 1.0f / (float)(1 + abs(i - j)) + (i == j ? 2.0f : 0.0f);
        for (i = 0; i < n; i++)
            x[i] = 1.0f;
        float lam = 0.0f;
        for (it = 0; it < 60; it++) {
            lam = matvec(A, x, y, n);
            for (i = 0; i < n; i++)
                x[i] = y[i] / lam;
            if (it % 15 == 14)
                printf("it=%d lambda=%.3f\n", it + 1, (double)lam);
        }
        printf("x0=%.4f xmid=%.4f\n", (double)x[0], (double)x[n / 2]);
        free(A);
        free(x);
        free(y);
        break;
    }
    }
    return 0;
}
