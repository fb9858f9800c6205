#include <stdio.h>

static int sum3(int a[2][3][4]) {
    int s = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) s += a[i][j][k];
    return s;
}

int main(void) {
    int a[2][3][4];
    int n = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) a[i][j][k] = n++;
    printf("%d %d %d\n", a[0][0][0], a[1][2][3], a[1][0][2]);
    printf("%d\n", sum3(a));
    printf("%zu %zu %zu %zu\n", sizeof(a), sizeof(a[0]), sizeof(a[0][0]), sizeof(a[0][0][0]));
    int *flat = &a[0][0][0];
    printf("%d %d\n", flat[13], flat[23]);
    printf("%td\n", &a[1][1][1] - &a[0][0][0]);
    int (*plane)[3][4] = a + 1;
    printf("%d\n", plane[0][1][1]);
    int (*row)[4] = a[1];
    printf("%d\n", row[2][0]);
    printf("%d\n", *(*(*(a + 1) + 2) + 3));
    char c[2][2][3] = {{"ab", "cd"}, {"ef", "gh"}};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) printf("%s ", c[i][j]);
    printf("\n");
    int b[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7}}};
    for (int i = 0; i < 8; i++) printf("%d", (&b[0][0][0])[i]);
    printf("\n");
    double cube[3][3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) cube[i][j][k] = i * 0.5 + j * 0.25 + k * 0.125;
    double t = 0;
    for (int i = 0; i < 3; i++) t += cube[i][i][i] + cube[2 - i][i][0];
    printf("%g\n", t);
    static long s[3][2][2] = {{{1}}, {{2, 3}, {4}}, {{5, 6}, {7, 8}}};
    long tot = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 2; k++) tot = tot * 3 + s[i][j][k];
    printf("%ld\n", tot);
    return 0;
}
