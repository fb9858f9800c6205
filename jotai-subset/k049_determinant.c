// inputs: 0 1 2 3  tags: float, matrix, nested-loop, early-return, gaussian-elimination
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define DN 6

/* Determinant by Gaussian elimination with partial pivoting (destroys m). */
double determinant(double m[DN][DN], int n, int *swaps)
{
    double det = 1.0;
    int i, j, k;
    *swaps = 0;
    for (k = 0; k < n; k++) {
        int piv = k;
        for (i = k + 1; i < n; i++)
            if (fabs(m[i][k]) > fabs(m[piv][k]))
                piv = i;
        if (fabs(m[piv][k]) < 1e-12)
            return 0.0;
        if (piv != k) {
            for (j = 0; j < n; j++) {
                double t = m[k][j];
                m[k][j] = m[piv][j];
                m[piv][j] = t;
            }
            (*swaps)++;
            det = -det;
        }
        det *= m[k][k];
        for (i = k + 1; i < n; i++) {
            double f = m[i][k] / m[k][k];
            for (j = k; j < n; j++)
                m[i][j] -= f * m[k][j];
        }
    }
    return det;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    double m[DN][DN];
    int i, j, n = 0, sw = 0;
    switch (opt) {
    case 0:
        n = 1;
        m[0][0] = -2.5;
        break;
    case 1:
        n = 3;
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                m[i][j] = i * 3 + j + 1; /* singular */
        break;
    case 2: {
        double v[3][3] = { { 0, 2, 1 }, { 1, 1, 0 }, { 3, 0, 2 } };
        n = 3;
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                m[i][j] = v[i][j];
        break;
    }
    case 3:
        n = DN;
        for (i = 0; i < DN; i++)
            for (j = 0; j < DN; j++)
                m[i][j] = 1.0 / (i + j + 1) + (i == j ? 1.0 : 0.0);
        break;
    default:
        return 0;
    }
    double d = determinant(m, n, &sw);
    printf("det=%.9f swaps=%d\n", d, sw);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            printf(" %.4f", m[i][j]);
        printf("\n");
    }
    return 0;
}
