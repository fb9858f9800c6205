// inputs: 0 1 2 3  tags: nested-loop, counted-loop, early-exit, graph
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>

/* O(V^2) Dijkstra over a dense adjacency matrix (w[i*n+j] < 0 means no edge).
   Fills dist[] (INT_MAX = unreachable) and prev[].  Returns number of settled vertices. */
int dijkstra_dense(const int *w, int n, int src, int *dist, int *prev, unsigned char *done)
{
    for (int i = 0; i < n; i++) {
        dist[i] = INT_MAX;
        prev[i] = -1;
        done[i] = 0;
    }
    if (src < 0 || src >= n) return 0;
    dist[src] = 0;
    int settled = 0;
    for (;;) {
        int u = -1;
        int best = INT_MAX;
        for (int i = 0; i < n; i++) {
            if (!done[i] && dist[i] < best) {
                best = dist[i];
                u = i;
            }
        }
        if (u < 0) break;            /* the rest is unreachable */
        done[u] = 1;
        settled++;
        const int *row = w + (long)u * n;
        for (int v = 0; v < n; v++) {
            if (row[v] < 0 || done[v]) continue;
            int nd = best + row[v];
            if (nd < dist[v]) {
                dist[v] = nd;
                prev[v] = u;
            }
        }
    }
    return settled;
}

static void path_to(const int *prev, int t)
{
    int p[64], k = 0;
    while (t >= 0 && k < 64) { p[k++] = t; t = prev[t]; }
    while (k > 0) printf(" %d", p[--k]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int w[1] = {-1}, d[1], p[1];
        unsigned char done[1];
        int s = dijkstra_dense(w, 1, 3, d, p, done);
        printf("bad src settled=%d\n", s);
        break;
    }
    case 1: {
        int n = 6;
        int w[36];
        for (int i = 0; i < 36; i++) w[i] = -1;
        int e[][3] = {{0, 1, 7}, {0, 2, 9}, {0, 5, 14}, {1, 2, 10}, {1, 3, 15}, {2, 3, 11}, {2, 5, 2}, {3, 4, 6}, {4, 5, 9}};
        for (int k = 0; k < 9; k++) { w[e[k][0] * n + e[k][1]] = e[k][2]; w[e[k][1] * n + e[k][0]] = e[k][2]; }
        int d[6], p[6];
        unsigned char done[6];
        int s = dijkstra_dense(w, n, 0, d, p, done);
        printf("settled=%d\n", s);
        for (int i = 0; i < n; i++) { printf("d[%d]=%d path:", i, d[i]); path_to(p, i); }
        break;
    }
    case 2: {
        int n = 5;
        int w[25];
        for (int i = 0; i < 25; i++) w[i] = -1;
        w[0 * 5 + 1] = 3; w[1 * 5 + 2] = 4; w[3 * 5 + 4] = 1;
        int d[5], p[5];
        unsigned char done[5];
        int s = dijkstra_dense(w, n, 0, d, p, done);
        printf("settled=%d:", s);
        for (int i = 0; i < n; i++) printf(" %d", d[i] == INT_MAX ? -1 : d[i]);
        printf("\n");
        break;
    }
    case 3: {
        int n = 600;
        int *w = malloc((size_t)n * n * sizeof *w);
        int *d = malloc((size_t)n * sizeof *d);
        int *p = malloc((size_t)n * sizeof *p);
        unsigned char *done = malloc((size_t)n);
        unsigned seed = 19u;
        for (int i = 0; i < n * n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 100;
            w[i] = r < 8 ? (int)(1 + (seed >> 24) % 50) : -1;
        }
        int s = dijkstra_dense(w, n, 0, d, p, done);
        long sum = 0;
        int far = 0;
        for (int i = 0; i < n; i++) if (d[i] != INT_MAX) { sum += d[i]; if (d[i] > d[far]) far = i; }
        printf("settled=%d sum=%ld farthest=%d (%d) path:", s, sum, far, d[far]);
        path_to(p, far);
        free(w); free(d); free(p); free(done);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
