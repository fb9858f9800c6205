// inputs: 0 1 2  tags: matrix, nested-loop, float, counted-loop
#include <stdio.h>
#include <stdlib.h>

void matmul(const double *a, const double *b, double *c, int n, int m, int p)
{
    int i, j, k;
    for (i = 0; i < n; i++) {
        for (j = 0; j < p; j++) {
            double s = 0.0;
            for (k = 0; k < m; k++)
                s += a[i * m + k] * b[k * p + j];
            c[i * p + j] = s;
        }
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 0, 0, 1 }, c[4];
        matmul(a, b, c, 2, 2, 2);
        printf("%g %g\n%g %g\n", c[0], c[1], c[2], c[3]);
        break;
    }
    case 1: {
        double a[6] = { 1, 2, 3, 4, 5, 6 };
        double b[6] = { 0.5, -1, 2, 0.25, 1, 1 };
        double c[4];
        matmul(a, b, c, 2, 3, 2);
        printf("%.4f %.4f\n%.4f %.4f\n", c[0], c[1], c[2], c[3]);
        break;
    }
    case 2: {
        int n = 100, i;
        double *a = malloc(n * n * sizeof *a);
        double *b = malloc(n * n * sizeof *b);
        double *c = malloc(n * n * sizeof *c);
        unsigned s = 1u;
        for (i = 0; i < n * n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (double)((s >> 16) % 100u) / 10.0;
            s = s * 1103515245u + 12345u;
            b[i] = (double)((s >> 16) % 100u) / 10.0 - 5.0;
        }
        matmul(a, b, c, n, n, n);
        double tr = 0, sum = 0;
        for (i = 0; i < n; i++)
            tr += c[i * n + i];
        for (i = 0; i < n * n; i++)
            sum += c[i];
        printf("trace=%.3f sum=%.3f c01=%.3f\n", tr, sum, c[1]);
        free(a);
        free(b);
        free(c);
        break;
    }
    }
    return 0;
}
