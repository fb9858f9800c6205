/* LU decomposition with partial pivoting, solve, determinant, inverse. */
#include <stdio.h>
#include <math.h>
#include <string.h>

#define N 5
typedef double Mat[N][N];

static void print_mat(const char *name, double m[][N], int n) {
    printf("%s =\n", name);
    for (int i = 0; i < n; i++) {
        printf("  [");
        for (int j = 0; j < n; j++) printf(" %10.5f", m[i][j]);
        printf(" ]\n");
    }
}

static int lu_decompose(double a[][N], int n, int perm[], int *sign) {
    *sign = 1;
    for (int i = 0; i < n; i++) perm[i] = i;
    for (int k = 0; k < n; k++) {
        int p = k;
        double maxv = fabs(a[k][k]);
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i][k]) > maxv) { maxv = fabs(a[i][k]); p = i; }
        if (maxv < 1e-12) return 0;
        if (p != k) {
            double tmp[N];
            memcpy(tmp, a[k], sizeof tmp);
            memcpy(a[k], a[p], sizeof tmp);
            memcpy(a[p], tmp, sizeof tmp);
            int t = perm[k]; perm[k] = perm[p]; perm[p] = t;
            *sign = -*sign;
        }
        for (int i = k + 1; i < n; i++) {
            a[i][k] /= a[k][k];
            for (int j = k + 1; j < n; j++) a[i][j] -= a[i][k] * a[k][j];
        }
    }
    return 1;
}

static void lu_solve(double lu[][N], int n, const int perm[], const double b[], double x[]) {
    double y[N];
    for (int i = 0; i < n; i++) {
        double s = b[perm[i]];
        for (int j = 0; j < i; j++) s -= lu[i][j] * y[j];
        y[i] = s;
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = y[i];
        for (int j = i + 1; j < n; j++) s -= lu[i][j] * x[j];
        x[i] = s / lu[i][i];
    }
}

static double determinant(double lu[][N], int n, int sign) {
    double d = sign;
    for (int i = 0; i < n; i++) d *= lu[i][i];
    return d;
}

static void matmul(double (*a)[N], double (*b)[N], double (*c)[N], int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static double max_abs_diff_identity(double m[][N], int n) {
    double worst = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double e = fabs(m[i][j] - (i == j ? 1.0 : 0.0));
            if (e > worst) worst = e;
        }
    return worst;
}

int main(void) {
    Mat a = {
        { 2, -1, 0, 0, 1 },
        { -1, 3, -1, 0, 0 },
        { 0, -1, 4, -1, 0.5 },
        { 1.5, 0, -1, 5, -1 },
        { 0, 2, 0, -1, 6 },
    };
    Mat orig, lu, inv, prod;
    int perm[N], sign;
    memcpy(orig, a, sizeof a);
    memcpy(lu, a, sizeof(Mat));
    print_mat("A", a, N);
    if (!lu_decompose(lu, N, perm, &sign)) { puts("singular"); return 1; }
    print_mat("LU", lu, N);
    printf("perm:");
    for (int i = 0; i < N; i++) printf(" %d", perm[i]);
    printf("  sign=%+d\n", sign);
    printf("det(A) = %.6f\n", determinant(lu, N, sign));

    double b[N] = { 1, 2, 3, 4, 5 }, x[N], r[N];
    lu_solve(lu, N, perm, b, x);
    for (int i = 0; i < N; i++) {
        r[i] = -b[i];
        for (int j = 0; j < N; j++) r[i] += orig[i][j] * x[j];
        printf("x[%d] = %12.8f   residual %.2e\n", i, x[i], fabs(r[i]) < 1e-12 ? 0.0 : fabs(r[i]));
    }

    for (int col = 0; col < N; col++) {
        double e[N] = {0}, c[N];
        e[col] = 1.0;
        lu_solve(lu, N, perm, e, c);
        for (int i = 0; i < N; i++) inv[i][col] = c[i];
    }
    print_mat("inv(A)", inv, N);
    matmul(orig, inv, prod, N);
    double err = max_abs_diff_identity(prod, N);
    printf("|A*inv(A) - I| < 1e-12: %s\n", err < 1e-12 ? "yes" : "no");

    /* a singular matrix and a Hilbert matrix */
    Mat s = { { 1, 2, 3, 4, 5 }, { 2, 4, 6, 8, 10 }, { 0, 1, 0, 1, 0 }, { 1, 1, 1, 1, 1 }, { 5, 4, 3, 2, 1 } };
    printf("singular matrix: %s\n", lu_decompose(s, N, perm, &sign) ? "decomposed?!" : "detected singular");
    Mat h;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) h[i][j] = 1.0 / (i + j + 1);
    lu_decompose(h, N, perm, &sign);
    printf("det(Hilbert5) = %.6e\n", determinant(h, N, sign));
    double (*row)[N] = h;
    row += 2;
    printf("row2 of LU(H): %.6f %.6f %.6f\n", (*row)[0], row[0][1], *(*row + 2));
    return 0;
}
