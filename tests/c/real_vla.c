/* Variable-length arrays as C99 numerical code uses them: run-time sizes and sizeof, 2-D/3-D
 * VLAs, VLA parameters, pointers to VLAs, VLA typedefs, VLAs in loops and scopes left early. */
#include <stdio.h>
#include <stdlib.h>
// gcc-check-flags: -Wno-vla-parameter

static long fill_trace(int n, int a[n][n])
{
    long s = 0;
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            a[i][j] = (i + 1) * 10 + j;
    for (i = 0; i < n; i++)
        s += a[i][i] + a[i][n - 1 - i];
    return s;
}

/* prototype with [*], definition with the real bound */
static void matmul(int r, int k, int c, double x[r][k], double y[*][*], double out[r][c]);

static void matmul(int r, int k, int c, double x[r][k], double y[k][c], double out[r][c])
{
    int i, j, l;
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++) {
            double s = 0;
            for (l = 0; l < k; l++)
                s += x[i][l] * y[l][j];
            out[i][j] = s;
        }
}

static int sum_static(int n, const int a[static n]) { return n ? a[n - 1] + sum_static(n - 1, a) : 0; }

static size_t row_bytes(int r, int c, int m[r][c]) { return sizeof m[0] + sizeof m[r - 1][c - 1] * 1000; }

/* bounds that are expressions of earlier parameters */
static long expr_bounds(int n, int a[n + 1][2 * n])
{
    long s = sizeof a[0] * 100;
    int i, j;
    for (i = 0; i <= n; i++)
        for (j = 0; j < 2 * n; j++)
            s += a[i][j] * (i + 1);
    return s;
}

/* leaving VLA scopes by goto, break, continue and return */
static int leave_early(int n)
{
    int i, total = 0, tries = 0;
again:
    {
        int tmp[n + tries];
        tmp[n + tries - 1] = tries;
        total += tmp[n + tries - 1];
        if (++tries < 4) goto again;
    }
    for (i = 1; i < 50; i++) {
        char w[i];
        w[i - 1] = (char)i;
        if (i % 3 == 0) continue;
        if (i > 40) break;
        total += w[i - 1];
        if (total > 100000) {
            int deep[i];
            deep[0] = total;
            return deep[0];
        }
    }
    return total;
}

static int next(int *p) { return (*p)++; }

static int depth_sum(int depth)
{
    int local[depth + 1];
    int i, s = 0;
    for (i = 0; i <= depth; i++)
        local[i] = depth * i;
    if (depth > 0)
        s = depth_sum(depth - 1);
    for (i = 0; i <= depth; i++)
        s += local[i];
    return s;
}

int main(void)
{
    int n = 5, r = 3, c = 4, i, j, k;
    unsigned long chk = 0;

    {
        int a[n], m[r][c], sq[n][n];
        for (i = 0; i < n; i++)
            a[i] = i * i - 3;
        for (i = 0; i < r; i++)
            for (j = 0; j < c; j++)
                m[i][j] = i * c + j;
        printf("sizeof a=%zu m=%zu m[0]=%zu *m=%zu **m=%zu\n", sizeof a, sizeof m, sizeof m[0],
               sizeof *m, sizeof **m);
        printf("sum_static=%d m[2][3]=%d\n", sum_static(n, a), m[2][3]);
        printf("fill_trace=%ld", fill_trace(n, sq));
        printf(" sq[4][1]=%d\n", sq[4][1]);
        printf("row_bytes=%zu\n", row_bytes(r, c, m));

        /* pointer to VLA rows */
        {
            int (*p)[c] = m;
            int (*q)[c] = &m[r - 1];
            p++;
            printf("p[0][1]=%d p[1][3]=%d q-p=%td sizeof *p=%zu (*q)[2]=%d\n", p[0][1], p[1][3],
                   q - p, sizeof *p, (*q)[2]);
        }
    }

    /* VLAs of varying size inside a loop */
    for (k = 1; k <= 12; k++) {
        double buf[k];
        char name[k * 2 + 1];
        double s = 0;
        for (i = 0; i < k * 2; i++)
            name[i] = 'a' + (i + k) % 26, buf[i / 2] = 1.0 / (i / 2 + 1);
        name[k * 2] = 0;
        for (i = 0; i < k; i++)
            s += buf[i];
        printf("k=%2d sizeof buf=%3zu name=%s s=%.6f\n", k, sizeof buf, name, s);
    }
    /* storage must be freed each iteration: 200000 * 4 KB would overflow the stack */
    for (k = 0; k < 200000; k++) {
        int big[1000 + (k & 7)];
        big[0] = k;
        big[999 + (k & 7)] = k * 3;
        chk += (unsigned long)(big[0] ^ big[999 + (k & 7)]) + sizeof big;
    }
    printf("chk=%lu\n", chk);

    {
        int w = 6;          /* typedef of a VLA type keeps the size it had when declared */
        typedef int row_t[w];
        row_t rows[2];
        w = 100;
        printf("sizeof row_t=%zu rows=%zu w=%d\n", sizeof(row_t), sizeof rows, w);
    }
    /* the size expression is evaluated exactly once; sizeof evaluates a VLA type */
    {
        int cnt = 3, v[next(&cnt)];
        size_t z = sizeof(int[next(&cnt)]);
        printf("cnt=%d sizeof v=%zu z=%zu\n", cnt, sizeof v, z);
    }
    /* 3-D VLA and a heap matrix through a pointer to VLA */
    {
        int d0 = 2, d1 = 3, d2 = 4, rr = 2, cc = 2;
        long cube[d0][d1][d2];
        double (*x)[3] = malloc(2 * sizeof *x);
        double y[3][2] = { { 1, 2 }, { 3, 4 }, { 5, 6 } };
        double out[rr][cc];
        for (i = 0; i < d0; i++)
            for (j = 0; j < d1; j++)
                for (k = 0; k < d2; k++)
                    cube[i][j][k] = i * 100 + j * 10 + k;
        printf("cube %zu %zu %zu %ld %ld\n", sizeof cube, sizeof cube[1], sizeof cube[1][2],
               cube[1][2][3], *(*(*(cube + 1) + 1) + 2));
        for (i = 0; i < 2; i++)
            for (j = 0; j < 3; j++)
                x[i][j] = i + j * 0.5;
        matmul(2, 3, 2, x, y, out);
        printf("out %.2f %.2f %.2f %.2f\n", out[0][0], out[0][1], out[1][0], out[1][1]);
        free(x);
    }
    printf("depth_sum=%d\n", depth_sum(20));
    for (k = 0, chk = 0; k < 100000; k++)
        chk += leave_early(1 + k % 5);
    printf("leave_early=%lu\n", chk);
    {
        int rows = 4, cols = 6, e[rows][cols], (*pe)[cols] = e;
        cols = 50;   /* does not change the types already formed */
        for (i = 0; i < rows; i++)
            for (j = 0; j < 6; j++)
                e[i][j] = i - j;
        printf("expr_bounds=%ld stride=%td %zu %zu\n", expr_bounds(3, e), (char *)(pe + 2) - (char *)pe,
               sizeof *pe, sizeof(pe[1]));
    }
    {
        int m = 4, q = 5, (*heap)[q] = malloc(sizeof(int[m][q]));
        struct { int a; char b; } recs[m];
        char *ptrs[q];
        for (i = 0; i < m; i++)
            for (j = 0; j < q; j++)
                heap[i][j] = i * j;
        for (i = 0; i < m; i++)
            recs[i].a = heap[i][q - 1], recs[i].b = (char)('a' + i);
        for (j = 0; j < q; j++)
            ptrs[j] = &recs[j % m].b;
        printf("heap %d %d %zu recs %d%c %zu ptrs %c%c\n", heap[3][4], heap[2][3], sizeof(int[m][q]),
               recs[3].a, recs[3].b, sizeof recs, *ptrs[0], *ptrs[4]);
        free(heap);
    }
    return 0;
}
