#include <stdio.h>
#include <limits.h>

#define NV 8

static const int graph[NV][NV] = {
    {0, 4, 0, 0, 0, 0, 0, 8},
    {4, 0, 8, 0, 0, 0, 0, 11},
    {0, 8, 0, 7, 0, 4, 0, 0},
    {0, 0, 7, 0, 9, 14, 0, 0},
    {0, 0, 0, 9, 0, 10, 0, 0},
    {0, 0, 4, 14, 10, 0, 2, 0},
    {0, 0, 0, 0, 0, 2, 0, 1},
    {8, 11, 0, 0, 0, 0, 1, 0},
};

static void print_path(const int *prev, int v) {
    if (prev[v] >= 0) { print_path(prev, prev[v]); printf("->"); }
    printf("%d", v);
}

int main(void) {
    int dist[NV], prev[NV], done[NV];
    for (int i = 0; i < NV; i++) { dist[i] = INT_MAX; prev[i] = -1; done[i] = 0; }
    dist[0] = 0;
    for (int it = 0; it < NV; it++) {
        int u = -1;
        for (int i = 0; i < NV; i++)
            if (!done[i] && (u < 0 || dist[i] < dist[u])) u = i;
        if (dist[u] == INT_MAX) break;
        done[u] = 1;
        for (int v = 0; v < NV; v++)
            if (graph[u][v] && !done[v] && dist[u] + graph[u][v] < dist[v]) {
                dist[v] = dist[u] + graph[u][v];
                prev[v] = u;
            }
    }
    for (int i = 0; i < NV; i++) {
        printf("%d: %2d  ", i, dist[i]);
        print_path(prev, i);
        printf("\n");
    }
    /* Floyd-Warshall on the same graph */
    long fw[NV][NV];
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) fw[i][j] = i == j ? 0 : graph[i][j] ? graph[i][j] : LONG_MAX / 4;
    for (int k = 0; k < NV; k++)
        for (int i = 0; i < NV; i++)
            for (int j = 0; j < NV; j++)
                if (fw[i][k] + fw[k][j] < fw[i][j]) fw[i][j] = fw[i][k] + fw[k][j];
    long total = 0;
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) total += fw[i][j];
    printf("all-pairs total=%ld diameter-ish=%ld\n", total, fw[0][4] + fw[3][7]);
    return 0;
}
