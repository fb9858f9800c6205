// inputs: 0 1 2 3  tags: matrix, nested-loop, multi-dim-array, down-count, boundaries
#include <stdio.h>
#include <stdlib.h>

#define SR 6
#define SC 7

/* Writes the elements of m (rows x cols) in clockwise spiral order. */
int spiral_order(int m[SR][SC], int rows, int cols, int *out)
{
    int top = 0, bot = rows - 1, left = 0, right = cols - 1, n = 0, i;
    while (top <= bot && left <= right) {
        for (i = left; i <= right; i++)
            out[n++] = m[top][i];
        top++;
        for (i = top; i <= bot; i++)
            out[n++] = m[i][right];
        right--;
        if (top <= bot) {
            for (i = right; i >= left; i--)
                out[n++] = m[bot][i];
            bot--;
        }
        if (left <= right) {
            for (i = bot; i >= top; i--)
                out[n++] = m[i][left];
            left++;
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int m[SR][SC], out[SR * SC], i, j, r = 0, c = 0;
    for (i = 0; i < SR; i++)
        for (j = 0; j < SC; j++)
            m[i][j] = i * 10 + j;
    switch (opt) {
    case 0: r = 0; c = 3; break;
    case 1: r = 1; c = 5; break;
    case 2: r = 4; c = 1; break;
    case 3: r = SR; c = SC; break;
    default: return 0;
    }
    int n = spiral_order(m, r, c, out);
    printf("n=%d:", n);
    for (i = 0; i < n; i++)
        printf(" %d", out[i]);
    printf("\n");
    return 0;
}
