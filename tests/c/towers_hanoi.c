#include <stdio.h>

static int pegs[3][16];
static int height[3];
static long moves;

static void move_disk(int from, int to) {
    int d = pegs[from][--height[from]];
    if (height[to] && pegs[to][height[to] - 1] < d) printf("illegal move!\n");
    pegs[to][height[to]++] = d;
    moves++;
}

static void hanoi(int n, int from, int to, int via, int verbose) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to, verbose);
    if (verbose) printf("disk %d: %c -> %c\n", n, 'A' + from, 'A' + to);
    move_disk(from, to);
    hanoi(n - 1, via, to, from, verbose);
}

static void reset(int n) {
    height[0] = height[1] = height[2] = 0;
    for (int d = n; d >= 1; d--) pegs[0][height[0]++] = d;
    moves = 0;
}

int main(void) {
    reset(3);
    hanoi(3, 0, 2, 1, 1);
    printf("moves=%ld heights=%d %d %d\n", moves, height[0], height[1], height[2]);
    for (int n = 1; n <= 15; n++) {
        reset(n);
        hanoi(n, 0, 1, 2, 0);
        printf("%d:%ld ", n, moves);
    }
    printf("\n");
    for (int i = 0; i < height[1]; i++) printf("%d ", pegs[1][i]);
    printf("\n");
    return 0;
}
