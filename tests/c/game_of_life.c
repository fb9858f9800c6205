#include <stdio.h>
#include <string.h>

#define W 20
#define H 12

static unsigned char grid[H][W], next[H][W];

static int neighbours(int r, int c) {
    int n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if (!dr && !dc) continue;
            int rr = (r + dr + H) % H, cc = (c + dc + W) % W;
            n += grid[rr][cc];
        }
    return n;
}

static void step(void) {
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            int n = neighbours(r, c);
            next[r][c] = (unsigned char)(grid[r][c] ? (n == 2 || n == 3) : n == 3);
        }
    memcpy(grid, next, sizeof grid);
}

static void show(int gen) {
    int alive = 0;
    printf("gen %d\n", gen);
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) { putchar(grid[r][c] ? '#' : '.'); alive += grid[r][c]; }
        putchar('\n');
    }
    printf("alive=%d\n", alive);
}

int main(void) {
    static const char *init[] = {
        ".#..................",
        "..#.................",
        "###.................",
        "....................",
        "..........###.......",
        "....................",
        "....................",
        "...............##...",
        "...............##...",
        "....................",
        "....#...............",
        "....#...............",
    };
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) grid[r][c] = init[r][c] == '#';
    show(0);
    for (int g = 1; g <= 30; g++) {
        step();
        if (g % 10 == 0 || g == 1) show(g);
    }
    return 0;
}
