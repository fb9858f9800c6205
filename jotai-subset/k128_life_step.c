// inputs: 0 1 2 3  tags: nested-loop, counted-loop, stacked-conditionals, grid
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One generation of Conway's Game of Life on a toroidal rows x cols grid.
   Returns the number of live cells in the new generation. */
int life_step(const unsigned char *cur, unsigned char *next, int rows, int cols)
{
    int live = 0;
    for (int r = 0; r < rows; r++) {
        int up = r == 0 ? rows - 1 : r - 1;
        int down = r == rows - 1 ? 0 : r + 1;
        for (int c = 0; c < cols; c++) {
            int left = c == 0 ? cols - 1 : c - 1;
            int right = c == cols - 1 ? 0 : c + 1;
            int n = cur[up * cols + left] + cur[up * cols + c] + cur[up * cols + right] +
                    cur[r * cols + left] + cur[r * cols + right] +
                    cur[down * cols + left] + cur[down * cols + c] + cur[down * cols + right];
            unsigned char alive = cur[r * cols + c];
            unsigned char v;
            if (alive && (n == 2 || n == 3)) v = 1;
            else if (!alive && n == 3) v = 1;
            else v = 0;
            next[r * cols + c] = v;
            live += v;
        }
    }
    return live;
}

static void show(const unsigned char *g, int rows, int cols)
{
    for (int r = 0; r < rows && r < 10; r++) {
        for (int c = 0; c < cols && c < 40; c++) putchar(g[r * cols + c] ? '#' : '.');
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    int rows = 8, cols = 8, gens = 1;
    if (opt == 3) { rows = 64; cols = 64; gens = 60; }
    else if (opt == 2) gens = 4;
    unsigned char *a = calloc((size_t)rows * cols, 1);
    unsigned char *b = calloc((size_t)rows * cols, 1);
    switch (opt) {
    case 0:
        break; /* empty grid */
    case 1:
        a[3 * cols + 2] = a[3 * cols + 3] = a[3 * cols + 4] = 1; /* blinker */
        break;
    case 2:
        a[0 * cols + 1] = a[1 * cols + 2] = a[2 * cols + 0] = a[2 * cols + 1] = a[2 * cols + 2] = 1; /* glider */
        break;
    case 3: {
        unsigned seed = 2718u;
        for (int i = 0; i < rows * cols; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = ((seed >> 16) % 3) == 0;
        }
        break;
    }
    default:
        printf("unknown input\n");
        free(a);
        free(b);
        return 0;
    }
    int live = 0;
    for (int g = 0; g < gens; g++) {
        live = life_step(a, b, rows, cols);
        unsigned char *t = a; a = b; b = t;
        if (opt == 3 && g % 10 == 9) printf("gen %d live=%d\n", g + 1, live);
    }
    printf("live=%d\n", live);
    show(a, rows, cols);
    free(a);
    free(b);
    return 0;
}
