#include <stdio.h>

static int cols[16];
static int solutions;
static int first_solution[16];

static int safe(int row, int col) {
    for (int r = 0; r < row; r++) {
        int c = cols[r];
        if (c == col || c - col == r - row || c - col == row - r) return 0;
    }
    return 1;
}

static void solve(int row, int n) {
    if (row == n) {
        if (solutions++ == 0)
            for (int i = 0; i < n; i++) first_solution[i] = cols[i];
        return;
    }
    for (int c = 0; c < n; c++)
        if (safe(row, c)) { cols[row] = c; solve(row + 1, n); }
}

/* bitmask version */
static long count_bits(int n, unsigned cols_m, unsigned d1, unsigned d2) {
    unsigned all = (1u << n) - 1;
    if (cols_m == all) return 1;
    long total = 0;
    unsigned avail = all & ~(cols_m | d1 | d2);
    while (avail) {
        unsigned bit = avail & (0u - avail);
        avail ^= bit;
        total += count_bits(n, cols_m | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return total;
}

int main(void) {
    for (int n = 1; n <= 9; n++) {
        solutions = 0;
        solve(0, n);
        printf("n=%d solutions=%d bitmask=%ld\n", n, solutions, count_bits(n, 0, 0, 0));
    }
    solutions = 0;
    solve(0, 8);
    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 8; c++) putchar(first_solution[r] == c ? 'Q' : '.');
        putchar('\n');
    }
    printf("n=12 bitmask=%ld\n", count_bits(12, 0, 0, 0));
    return 0;
}
