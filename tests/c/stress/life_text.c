/* Game of Life on a torus with pattern loading, plus a greedy text justifier. */
#include <stdio.h>
#include <string.h>

#define W 24
#define H 12

static unsigned char grid[H][W], next_grid[H][W];

static void place(const char *const *pat, int ox, int oy) {
    for (int y = 0; pat[y]; y++)
        for (int x = 0; pat[y][x]; x++)
            if (pat[y][x] == 'O') grid[(oy + y) % H][(ox + x) % W] = 1;
}

static int neighbours(int y, int x) {
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dy || dx) n += grid[(y + dy + H) % H][(x + dx + W) % W];
    return n;
}

static int step(void) {
    int pop = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int n = neighbours(y, x);
            next_grid[y][x] = (unsigned char)(n == 3 || (n == 2 && grid[y][x]));
            pop += next_grid[y][x];
        }
    memcpy(grid, next_grid, sizeof grid);
    return pop;
}

static void show(int gen) {
    printf("gen %d\n", gen);
    for (int y = 0; y < H; y++) {
        char row[W + 1];
        for (int x = 0; x < W; x++) row[x] = grid[y][x] ? '#' : '.';
        row[W] = 0;
        puts(row);
    }
}

static void justify(const char *text, int width) {
    const char *words[64];
    int lens[64], n = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        words[n] = p;
        while (*p && *p != ' ') p++;
        lens[n] = (int)(p - words[n]);
        n++;
    }
    int i = 0;
    while (i < n) {
        int j = i, linelen = lens[i];
        while (j + 1 < n && linelen + 1 + lens[j + 1] <= width) { j++; linelen += 1 + lens[j]; }
        int gaps = j - i, extra = width - linelen;
        putchar('|');
        for (int k = i; k <= j; k++) {
            printf("%.*s", lens[k], words[k]);
            if (k < j) {
                int sp = 1;
                if (j + 1 < n) sp += extra / gaps + (k - i < extra % gaps);
                printf("%*s", sp, "");
            }
        }
        if (j + 1 == n || gaps == 0) printf("%*s", width - linelen - (j + 1 < n ? 0 : 0), "");
        puts("|");
        i = j + 1;
    }
}

int main(void) {
    static const char *const glider[] = { ".O.", "..O", "OOO", NULL };
    static const char *const blinker[] = { "OOO", NULL };
    static const char *const toad[] = { ".OOO", "OOO.", NULL };
    place(glider, 1, 1);
    place(blinker, 15, 2);
    place(toad, 10, 7);
    show(0);
    int pops[40];
    for (int g = 1; g <= 40; g++) {
        pops[g - 1] = step();
        if (g == 1 || g == 4 || g == 40) show(g);
    }
    printf("population:");
    for (int g = 0; g < 40; g++) printf(" %d", pops[g]);
    putchar('\n');
    const char *text = "It is a truth universally acknowledged, that a single man in possession of a good fortune, "
                       "must be in want of a wife. However little known the feelings or views of such a man may be.";
    for (int w = 16; w <= 40; w += 12) {
        printf("width %d:\n", w);
        justify(text, w);
    }
    return 0;
}
