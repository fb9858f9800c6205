// inputs: 0 1 2 3  tags: while-loop, stack, grid, multi-exit, early-return
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Scanline-free 4-way flood fill with an explicit stack of cell indices.
   Replaces the region of color grid[sr][sc] with `color`.  Returns cells filled,
   -1 if the start is out of range, -2 if the stack overflows. */
int flood_fill(unsigned char *grid, int rows, int cols, int sr, int sc, unsigned char color,
               int *stack, int stack_cap)
{
    if (sr < 0 || sr >= rows || sc < 0 || sc >= cols) return -1;
    unsigned char old = grid[sr * cols + sc];
    if (old == color) return 0;
    int sp = 0, filled = 0;
    stack[sp++] = sr * cols + sc;
    grid[sr * cols + sc] = color;
    while (sp > 0) {
        int cell = stack[--sp];
        int r = cell / cols, c = cell % cols;
        filled++;
        int nb[4];
        int nn = 0;
        if (r > 0) nb[nn++] = cell - cols;
        if (r < rows - 1) nb[nn++] = cell + cols;
        if (c > 0) nb[nn++] = cell - 1;
        if (c < cols - 1) nb[nn++] = cell + 1;
        for (int k = 0; k < nn; k++) {
            if (grid[nb[k]] != old) continue;
            if (sp == stack_cap) return -2;
            grid[nb[k]] = color;
            stack[sp++] = nb[k];
        }
    }
    return filled;
}

static void show(const unsigned char *g, int rows, int cols)
{
    for (int r = 0; r < rows && r < 12; r++) {
        for (int c = 0; c < cols && c < 48; c++) putchar((char)('0' + g[r * cols + c]));
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    int stack[4096];
    switch (opt) {
    case 0: {
        unsigned char g[4] = {0, 0, 0, 0};
        int r1 = flood_fill(g, 2, 2, 5, 0, 1, stack, 4096);
        int r2 = flood_fill(g, 2, 2, 0, 0, 0, stack, 4096);
        printf("out of range=%d same color=%d\n", r1, r2);
        break;
    }
    case 1: {
        const char *rows[6] = {"000010", "011010", "010010", "011110", "000000", "111111"};
        unsigned char g[36];
        for (int r = 0; r < 6; r++) for (int c = 0; c < 6; c++) g[r * 6 + c] = (unsigned char)(rows[r][c] - '0');
        int n = flood_fill(g, 6, 6, 0, 0, 7, stack, 4096);
        printf("filled=%d\n", n);
        show(g, 6, 6);
        n = flood_fill(g, 6, 6, 1, 1, 3, stack, 4096);
        printf("filled=%d\n", n);
        show(g, 6, 6);
        break;
    }
    case 2: {
        unsigned char g[400];
        memset(g, 0, sizeof g);
        int n = flood_fill(g, 20, 20, 10, 10, 5, stack, 8);
        printf("tiny stack -> %d\n", n);
        break;
    }
    case 3: {
        int rows = 60, cols = 60;
        unsigned char *g = malloc((size_t)rows * cols);
        unsigned seed = 5u;
        for (int i = 0; i < rows * cols; i++) {
            seed = seed * 1103515245u + 12345u;
            g[i] = ((seed >> 16) % 10) < 3 ? 1 : 0;
        }
        int total = 0, regions = 0;
        for (int i = 0; i < rows * cols; i++) {
            if (g[i] == 0) {
                int n = flood_fill(g, rows, cols, i / cols, i % cols, (unsigned char)(2 + regions % 7), stack, 4096);
                total += n;
                regions++;
            }
        }
        printf("regions=%d total=%d\n", regions, total);
        show(g, rows, cols);
        free(g);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
