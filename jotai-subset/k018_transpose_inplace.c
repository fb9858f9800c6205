// inputs: 0 1 2  tags: matrix, nested-loop, multi-dim-array, counted-loop
#include <stdio.h>
#include <stdlib.h>

#define N 8

int transpose_inplace(int m[N][N], int n)
{
    int swaps = 0;
    int i, j;
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            if (m[i][j] != m[j][i]) {
                int t = m[i][j];
                m[i][j] = m[j][i];
                m[j][i] = t;
                swaps++;
            }
        }
    }
    return swaps;
}

static void show(int m[N][N], int n)
{
    int i, j;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            printf("%3d", m[i][j]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int m[N][N];
    int i, j, sw;
    switch (opt) {
    case 0:
        m[0][0] = 5;
        sw = transpose_inplace(m, 1);
        printf("swaps=%d\n", sw);
        show(m, 1);
        break;
    case 1:
        for (i = 0; i < 4; i++)
            for (j = 0; j < 4; j++)
                m[i][j] = i + j;
        sw = transpose_inplace(m, 4);
        printf("swaps=%d\n", sw);
        show(m, 4);
        break;
    case 2:
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                m[i][j] = i * N + j;
        sw = transpose_inplace(m, N);
        printf("swaps=%d\n", sw);
        show(m, N);
        break;
    }
    return 0;
}
