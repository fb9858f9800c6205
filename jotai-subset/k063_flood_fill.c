// inputs: 0 1 2 3  tags: recursion, multi-dim-array, grid, early-return
#include <stdio.h>
#include <stdlib.h>

#define FH 8
#define FW 12

/* 4-connected recursive flood fill; returns number of cells repainted. */
int flood_fill(char g[FH][FW], int y, int x, char from, char to)
{
    if (y < 0 || y >= FH || x < 0 || x >= FW)
        return 0;
    if (g[y][x] != from || from == to)
        return 0;
    g[y][x] = to;
    return 1 + flood_fill(g, y + 1, x, from, to) + flood_fill(g, y - 1, x, from, to) +
           flood_fill(g, y, x + 1, from, to) + flood_fill(g, y, x - 1, from, to);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    static const char *rows[FH] = {
        "..#.........",
        "..#..####...",
        "..#..#..#...",
        "####.#..#...",
        ".....####...",
        "..........##",
        "#########.#.",
        "..........#."
    };
    char g[FH][FW];
    int y, x, n = 0;
    for (y = 0; y < FH; y++)
        for (x = 0; x < FW; x++)
            g[y][x] = rows[y][x];
    switch (opt) {
    case 0: n = flood_fill(g, -1, 3, '.', 'o'); break;
    case 1: n = flood_fill(g, 0, 0, '.', 'o'); break;
    case 2: n = flood_fill(g, 2, 6, '.', 'o'); break;
    case 3: n = flood_fill(g, 0, 5, '.', 'o'); break;
    default: return 0;
    }
    printf("filled=%d\n", n);
    for (y = 0; y < FH; y++) {
        for (x = 0; x < FW; x++)
            putchar(g[y][x]);
        putchar('\n');
    }
    return 0;
}
