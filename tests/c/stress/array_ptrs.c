/* Pointer-to-array types, 2D/3D arrays as parameters, arrays of function pointers. */
#include <stdio.h>
#include <string.h>

#define R 3
#define C 4

typedef int Row[C];
typedef int (*RowPtr)[C];
typedef int (*BinFn)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxf(int a, int b) { return a > b ? a : b; }

static BinFn table[] = { add, sub, mul, maxf };
static const char *const tnames[] = { "add", "sub", "mul", "max" };

static int sum2d(int m[][C], int rows) {
    int s = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < C; j++) s += m[i][j];
    return s;
}

static void fill(int (*m)[C], int rows, int seed) {
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < C; j++) m[i][j] = (seed + i * 7 + j * 3) % 11 - 5;
}

static void transpose(const int src[R][C], int dst[C][R]) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) dst[j][i] = src[i][j];
}

static RowPtr find_row_with_max(int (*m)[C], int rows) {
    RowPtr best = m;
    int bestsum = sum2d(m, 1);
    for (RowPtr p = m + 1; p < m + rows; p++) {
        int s = sum2d(p, 1);
        if (s > bestsum) { bestsum = s; best = p; }
    }
    return best;
}

static int reduce(const int *v, int n, BinFn f, int init) {
    int acc = init;
    for (int i = 0; i < n; i++) acc = f(acc, v[i]);
    return acc;
}

static int (*pick(int k))(int, int) { return table[k % 4]; }

static int cube[2][3][4];

static int sum3(int (*c)[3][4], int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) s += c[i][j][k] * (i + 1);
    return s;
}

int main(void) {
    int m[R][C];
    fill(m, R, 2);
    for (int i = 0; i < R; i++) {
        for (int j = 0; j < C; j++) printf("%3d", m[i][j]);
        putchar('\n');
    }
    printf("sum=%d\n", sum2d(m, R));
    RowPtr best = find_row_with_max(m, R);
    printf("best row index=%d first=%d sizeof *best=%zu\n", (int)(best - m), (*best)[0], sizeof *best);
    int t[C][R];
    transpose((const int (*)[C])m, t);
    for (int i = 0; i < C; i++) {
        for (int j = 0; j < R; j++) printf("%3d", t[i][j]);
        putchar('\n');
    }
    int *flat = &m[0][0];
    int acc = 0;
    for (int i = 0; i < R * C; i++) acc = acc * 3 + flat[i];
    printf("flat acc=%d\n", acc);
    Row *rp = m;
    rp[1][2] = 99;
    (*(rp + 2))[3] = -99;
    *(*(m + 0) + 1) = 42;
    printf("m[1][2]=%d m[2][3]=%d m[0][1]=%d\n", m[1][2], m[2][3], m[0][1]);
    printf("sizeof m=%zu sizeof m[0]=%zu sizeof *m=%zu sizeof **m=%zu\n", sizeof m, sizeof m[0], sizeof *m, sizeof **m);
    printf("&m[1] - &m[0] = %d, &m[1][0] - &m[0][0] = %d\n", (int)(&m[1] - &m[0]), (int)(&m[1][0] - &m[0][0]));

    int v[] = { 5, -3, 8, 2, -7, 6 };
    for (int k = 0; k < 4; k++)
        printf("reduce %s = %d\n", tnames[k], reduce(v, 6, table[k], k == 2 ? 1 : 0));
    for (int k = 0; k < 8; k++) printf("pick(%d)(7,3)=%d ", k, pick(k)(7, 3));
    putchar('\n');
    BinFn (*tp)[4] = &table;
    printf("(*tp)[2](6,7)=%d\n", (*tp)[2](6, 7));
    int (*const *fpp)(int, int) = table + 1;
    printf("(*fpp)(10,4)=%d fpp[2](10,4)=%d\n", (*fpp)(10, 4), fpp[2](10, 4));

    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) cube[i][j][k] = i * 100 + j * 10 + k;
    printf("sum3=%d\n", sum3(cube, 2));
    int (*plane)[4] = cube[1];
    printf("plane[2][3]=%d cube[1][2][3]=%d\n", plane[2][3], cube[1][2][3]);
    int (*pa)[3][4] = &cube[0];
    pa++;
    printf("(*pa)[0][0]=%d\n", (*pa)[0][0]);

    char names[4][8] = { "one", "two", "three", "four" };
    char (*np)[8] = names;
    for (int i = 0; i < 4; i++, np++) printf("%s(%zu) ", *np, strlen(*np));
    putchar('\n');
    const char *ptrs[] = { names[3], names[2], names[1], names[0] };
    const char **pp = ptrs;
    while (pp < ptrs + 4) printf("%c", **pp++);
    putchar('\n');
    return 0;
}
