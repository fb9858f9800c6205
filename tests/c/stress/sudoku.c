/* Sudoku solver: bitmask candidates, backtracking with MRV heuristic. */
#include <stdio.h>
#include <string.h>

typedef unsigned short Mask;
static int grid[9][9];
static Mask rows[9], cols[9], boxes[9];
static long nodes;

#define BOX(r, c) (((r) / 3) * 3 + (c) / 3)
#define BIT(d) ((Mask)(1u << (d)))

static int popc(unsigned x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }

static int load(const char *s) {
    memset(rows, 0, sizeof rows); memset(cols, 0, sizeof cols); memset(boxes, 0, sizeof boxes);
    for (int i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9;
        char ch = s[i];
        int d = (ch >= '1' && ch <= '9') ? ch - '0' : 0;
        grid[r][c] = d;
        if (d) {
            if ((rows[r] | cols[c] | boxes[BOX(r, c)]) & BIT(d)) return 0;
            rows[r] |= BIT(d); cols[c] |= BIT(d); boxes[BOX(r, c)] |= BIT(d);
        }
    }
    return 1;
}

static int solve(void) {
    int best_r = -1, best_c = -1, best_n = 10;
    Mask best_m = 0;
    nodes++;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (grid[r][c]) continue;
            Mask m = (Mask)(~(rows[r] | cols[c] | boxes[BOX(r, c)]) & 0x3FE);
            int n = popc(m);
            if (n < best_n) { best_n = n; best_r = r; best_c = c; best_m = m; }
            if (n == 0) return 0;
        }
    if (best_r < 0) return 1;
    for (int d = 1; d <= 9; d++) {
        if (!(best_m & BIT(d))) continue;
        grid[best_r][best_c] = d;
        rows[best_r] |= BIT(d); cols[best_c] |= BIT(d); boxes[BOX(best_r, best_c)] |= BIT(d);
        if (solve()) return 1;
        rows[best_r] &= (Mask)~BIT(d); cols[best_c] &= (Mask)~BIT(d); boxes[BOX(best_r, best_c)] &= (Mask)~BIT(d);
        grid[best_r][best_c] = 0;
    }
    return 0;
}

static void print_grid(int g[9][9]) {
    for (int r = 0; r < 9; r++) {
        if (r && r % 3 == 0) puts("------+-------+------");
        for (int c = 0; c < 9; c++) {
            if (c && c % 3 == 0) printf("| ");
            printf("%c ", g[r][c] ? '0' + g[r][c] : '.');
        }
        putchar('\n');
    }
}

static int verify(int g[][9]) {
    for (int i = 0; i < 9; i++) {
        unsigned rm = 0, cm = 0, bm = 0;
        for (int j = 0; j < 9; j++) {
            rm |= 1u << g[i][j];
            cm |= 1u << g[j][i];
            bm |= 1u << g[(i / 3) * 3 + j / 3][(i % 3) * 3 + j % 3];
        }
        if (rm != 0x3FE || cm != 0x3FE || bm != 0x3FE) return 0;
    }
    return 1;
}

int main(void) {
    static const char *puzzles[] = {
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "11.......................................................................................",
    };
    for (size_t p = 0; p < sizeof puzzles / sizeof puzzles[0]; p++) {
        printf("puzzle %zu:\n", p);
        if (!load(puzzles[p])) { puts("  invalid puzzle"); continue; }
        nodes = 0;
        int ok = solve();
        printf("solved=%d nodes=%ld verify=%d\n", ok, nodes, ok ? verify(grid) : -1);
        print_grid(grid);
        int sum = 0;
        for (int i = 0; i < 9; i++) sum += grid[i][i] * (i + 1);
        printf("diag checksum %d\n", sum);
    }
    return 0;
}
