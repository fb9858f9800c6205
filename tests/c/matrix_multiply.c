#include <stdio.h>

#define N 5

static void matmul(double c[N][N], double a[N][N], double b[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void imatmul(int n, const long *a, const long *b, long *c) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            long s = 0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}

static void print(double m[N][N]) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) printf("%9.3f", m[i][j]);
        printf("\n");
    }
}

int main(void) {
    double a[N][N], b[N][N], c[N][N], id[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i + 1) * 0.5 - j;
            b[i][j] = (i * j) % 3 + 0.25;
            id[i][j] = i == j;
        }
    matmul(c, a, b);
    print(c);
    matmul(c, a, id);
    int same = 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) if (c[i][j] != a[i][j]) same = 0;
    printf("identity ok=%d\n", same);
    long fib[4] = {1, 1, 1, 0}, res[4] = {1, 0, 0, 1}, tmp[4];
    for (int e = 0; e < 40; e++) {
        imatmul(2, res, fib, tmp);
        for (int i = 0; i < 4; i++) res[i] = tmp[i];
    }
    printf("fib via matrix: %ld %ld\n", res[0], res[1]);
    long m3[9] = {2, -1, 0, -1, 2, -1, 0, -1, 2}, p3[9], q3[9];
    imatmul(3, m3, m3, p3);
    imatmul(3, p3, m3, q3);
    for (int i = 0; i < 9; i++) printf("%ld ", q3[i]);
    printf("\n");
    return 0;
}
