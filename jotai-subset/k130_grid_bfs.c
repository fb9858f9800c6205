// inputs: 0 1 2 3  tags: while-loop, queue, grid, early-exit, nested-loop
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Breadth-first search on a grid of '.' (free) and '#' (wall) from (0,0) to
   (rows-1, cols-1).  dist[] receives distances (-1 unreached).  Returns path length or
   -1 if unreachable.  Stops as soon as the target is dequeued. */
int grid_bfs(const char *grid, int rows, int cols, int *dist, int *queue)
{
    int n = rows * cols;
    for (int i = 0; i < n; i++) dist[i] = -1;
    if (n == 0 || grid[0] == '#' || grid[n - 1] == '#') return -1;
    int head = 0, tail = 0;
    queue[tail++] = 0;
    dist[0] = 0;
    static const int dr[4] = {-1, 1, 0, 0};
    static const int dc[4] = {0, 0, -1, 1};
    while (head < tail) {
        int cell = queue[head++];
        if (cell == n - 1)
            return dist[cell];
        int r = cell / cols, c = cell % cols;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
            int nb = nr * cols + nc;
            if (grid[nb] == '#' || dist[nb] >= 0) continue;
            dist[nb] = dist[cell] + 1;
            queue[tail++] = nb;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int d[1], q[1];
        printf("empty -> %d\n", grid_bfs("", 0, 0, d, q));
        const char *g = "#..";
        int d3[3], q3[3];
        printf("blocked start -> %d\n", grid_bfs(g, 1, 3, d3, q3));
        break;
    }
    case 1: {
        const char *g = "..#....."
                        ".##.###."
                        "....#..."
                        "###.#.##"
                        "....#..."
                        ".####.#.";
        int d[48], q[48];
        int r = grid_bfs(g, 6, 8, d, q);
        printf("path=%d\n", r);
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 8; j++) printf("%3d", d[i * 8 + j]);
            printf("\n");
        }
        break;
    }
    case 2: {
        const char *g = "..#"
                        "###"
                        "#..";
        int d[9], q[9];
        printf("unreachable -> %d\n", grid_bfs(g, 3, 3, d, q));
        break;
    }
    case 3: {
        int rows = 340, cols = 340, n = rows * cols;
        char *g = malloc((size_t)n);
        int *d = malloc((size_t)n * sizeof *d);
        int *q = malloc((size_t)n * sizeof *q);
        unsigned seed = 12u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            g[i] = ((seed >> 16) % 100) < 28 ? '#' : '.';
        }
        g[0] = g[n - 1] = '.';
        int r = grid_bfs(g, rows, cols, d, q);
        long reached = 0, sum = 0;
        for (int i = 0; i < n; i++) if (d[i] >= 0) { reached++; sum += d[i]; }
        printf("path=%d reached=%ld distsum=%ld\n", r, reached, sum);
        free(g); free(d); free(q);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
