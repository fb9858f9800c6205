/* Graph algorithms on adjacency lists: Dijkstra with a heap, BFS levels, topological sort, SCCs (Tarjan). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#define MAXV 32
#define MAXE 128

typedef struct { int to, w, next; } Edge;
typedef struct { int head[MAXV]; Edge e[MAXE]; int nv, ne; } Graph;

static void g_init(Graph *g, int nv) { g->nv = nv; g->ne = 0; memset(g->head, -1, sizeof g->head); }
static void g_add(Graph *g, int u, int v, int w) {
    g->e[g->ne].to = v; g->e[g->ne].w = w; g->e[g->ne].next = g->head[u];
    g->head[u] = g->ne++;
}
#define FOR_EDGES(g, u, ed) for (const Edge *ed = (g)->head[u] < 0 ? NULL : &(g)->e[(g)->head[u]]; ed; ed = ed->next < 0 ? NULL : &(g)->e[ed->next])

typedef struct { int d, v; } HItem;
static HItem heap[MAXE + MAXV];
static int hn;
static void hpush(int d, int v) {
    int i = hn++;
    while (i && heap[(i - 1) / 2].d > d) { heap[i] = heap[(i - 1) / 2]; i = (i - 1) / 2; }
    heap[i].d = d; heap[i].v = v;
}
static void hpop_into(HItem *out) {
    *out = heap[0];
    HItem last = heap[--hn];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= hn) break;
        if (c + 1 < hn && heap[c + 1].d < heap[c].d) c++;
        if (heap[c].d >= last.d) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
}

static void dijkstra(const Graph *g, int src, int dist[], int prev[]) {
    for (int i = 0; i < g->nv; i++) { dist[i] = INT_MAX; prev[i] = -1; }
    dist[src] = 0;
    hn = 0;
    hpush(0, src);
    while (hn) {
        HItem it;
        hpop_into(&it);
        if (it.d > dist[it.v]) continue;
        FOR_EDGES(g, it.v, ed) {
            int nd = it.d + ed->w;
            if (nd < dist[ed->to]) { dist[ed->to] = nd; prev[ed->to] = it.v; hpush(nd, ed->to); }
        }
    }
}

static int topo(const Graph *g, int order[]) {
    int indeg[MAXV] = { 0 }, q[MAXV], qh = 0, qt = 0, n = 0;
    for (int u = 0; u < g->nv; u++) FOR_EDGES(g, u, ed) indeg[ed->to]++;
    for (int u = 0; u < g->nv; u++) if (!indeg[u]) q[qt++] = u;
    while (qh < qt) {
        int u = q[qh++];
        order[n++] = u;
        FOR_EDGES(g, u, ed) if (--indeg[ed->to] == 0) q[qt++] = ed->to;
    }
    return n;
}

static int idx_[MAXV], low[MAXV], onstk[MAXV], stk[MAXV], sp, counter, comp[MAXV], ncomp;
static void strong(const Graph *g, int u) {
    idx_[u] = low[u] = ++counter;
    stk[sp++] = u;
    onstk[u] = 1;
    FOR_EDGES(g, u, ed) {
        int v = ed->to;
        if (!idx_[v]) { strong(g, v); if (low[v] < low[u]) low[u] = low[v]; }
        else if (onstk[v] && idx_[v] < low[u]) low[u] = idx_[v];
    }
    if (low[u] == idx_[u]) {
        int v;
        do { v = stk[--sp]; onstk[v] = 0; comp[v] = ncomp; } while (v != u);
        ncomp++;
    }
}

static void print_path(const int prev[], int v) {
    if (prev[v] >= 0) { print_path(prev, prev[v]); printf("->"); }
    printf("%d", v);
}

int main(void) {
    Graph g;
    g_init(&g, 10);
    static const int edges[][3] = { { 0, 1, 4 }, { 0, 2, 1 }, { 2, 1, 2 }, { 1, 3, 1 }, { 2, 3, 5 }, { 3, 4, 3 }, { 4, 5, 1 },
                                    { 5, 6, 2 }, { 3, 6, 8 }, { 6, 7, 1 }, { 7, 8, 4 }, { 4, 8, 9 }, { 1, 5, 7 } };
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) g_add(&g, edges[i][0], edges[i][1], edges[i][2]);
    int dist[MAXV], prev[MAXV];
    dijkstra(&g, 0, dist, prev);
    for (int v = 0; v < g.nv; v++) {
        printf("dist[%d]=", v);
        if (dist[v] == INT_MAX) { printf("inf\n"); continue; }
        printf("%2d path ", dist[v]);
        print_path(prev, v);
        putchar('\n');
    }
    int order[MAXV];
    int n = topo(&g, order);
    printf("topo (%d of %d):", n, g.nv);
    for (int i = 0; i < n; i++) printf(" %d", order[i]);
    putchar('\n');
    g_add(&g, 8, 3, 1);
    g_add(&g, 9, 9, 1);
    n = topo(&g, order);
    printf("after adding cycle: topo covers %d of %d\n", n, g.nv);
    memset(idx_, 0, sizeof idx_);
    sp = counter = ncomp = 0;
    for (int u = 0; u < g.nv; u++) if (!idx_[u]) strong(&g, u);
    printf("scc count=%d:", ncomp);
    for (int c = 0; c < ncomp; c++) {
        printf(" {");
        int first = 1;
        for (int v = 0; v < g.nv; v++) if (comp[v] == c) { printf(first ? "%d" : ",%d", v); first = 0; }
        printf("}");
    }
    putchar('\n');
    return 0;
}
