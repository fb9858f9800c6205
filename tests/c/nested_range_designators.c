/* Several GNU range designators in one designation initialize every
   combination of their indices (gcc.dg's gnu99-init-1), in arrays of
   known and of unknown size, at file scope and in a function. */
#include <stdio.h>

int a[][2][4] = { [2 ... 4][0 ... 1][2 ... 3] = 1, [2] = 2, [2][0][2] = 3 };
int b[][2] = { [1 ... 2][0 ... 1] = 5 };
struct point { int x, y; } points[3][2] = { [0 ... 2][1].y = 7, [1][0 ... 1].x = 9 };

int main() {
    printf("%zu %zu\n", sizeof a / sizeof a[0], sizeof b / sizeof b[0]);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 4; k++)
                printf("%d%s", a[i][j][k], k == 3 ? (j == 1 ? "\n" : " | ") : " ");
    for (int i = 0; i < 3; i++)
        printf("%d %d; %d,%d %d,%d\n", b[i][0], b[i][1], points[i][0].x, points[i][0].y, points[i][1].x, points[i][1].y);
    short local[3][3] = { [0 ... 1][1 ... 2] = 4, [2][0 ... 2] = -1 };
    for (int i = 0; i < 3; i++)
        printf("%d %d %d\n", local[i][0], local[i][1], local[i][2]);
    return 0;
}
