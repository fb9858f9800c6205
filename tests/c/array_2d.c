// gcc-check-flags: -Wno-missing-braces
#include <stdio.h>

#define N 4

static void transpose(int m[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) { int t = m[i][j]; m[i][j] = m[j][i]; m[j][i] = t; }
}

static int trace(int (*m)[N]) {
    int t = 0;
    for (int i = 0; i < N; i++) t += m[i][i];
    return t;
}

static void print(int m[][N]) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) printf("%3d", m[i][j]);
        printf("\n");
    }
}

int main(void) {
    int m[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) m[i][j] = i * N + j;
    print(m);
    transpose(m);
    print(m);
    printf("trace=%d\n", trace(m));
    int g[2][3] = {{1, 2, 3}, {4, 5, 6}};
    printf("%d %d %d\n", g[0][2], g[1][0], g[1][2]);
    int h[3][2] = {1, 2, 3, 4, 5};
    for (int i = 0; i < 3; i++) printf("%d %d\n", h[i][0], h[i][1]);
    int k[3][4] = {{1}, {2, 3}, {4, 5, 6}};
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++) printf("%d", k[i][j]);
        printf(" ");
    }
    printf("\n");
    printf("%zu %zu %zu\n", sizeof(k), sizeof(k[0]), sizeof(k[0][0]));
    int *flat = &k[0][0];
    int s = 0;
    for (int i = 0; i < 12; i++) s += flat[i];
    printf("%d\n", s);
    int (*row)[4] = k;
    row++;
    printf("%d %d\n", (*row)[1], row[1][2]);
    printf("%d\n", *(*(k + 2) + 1));
    char names[3][8] = {"ann", "bob", "carol"};
    for (int i = 0; i < 3; i++) printf("%s:%zu ", names[i], sizeof(names[i]));
    printf("\n");
    names[1][0] = 'B';
    printf("%s %c\n", names[1], names[2][4]);
    double dm[2][2] = {{1.5, 2.5}, {3.5, 4.5}};
    double det = dm[0][0] * dm[1][1] - dm[0][1] * dm[1][0];
    printf("%g\n", det);
    long pascal[10][10] = {{0}};
    for (int i = 0; i < 10; i++) {
        pascal[i][0] = 1;
        for (int j = 1; j <= i; j++) pascal[i][j] = pascal[i - 1][j - 1] + pascal[i - 1][j];
    }
    for (int j = 0; j < 10; j++) printf("%ld ", pascal[9][j]);
    printf("\n");
    return 0;
}
