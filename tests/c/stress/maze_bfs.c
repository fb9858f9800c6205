/* Maze generation (iterative DFS with explicit stack) and BFS shortest path. */
#include <stdio.h>
#include <string.h>

#define W 15
#define H 9
#define GW (2 * W + 1)
#define GH (2 * H + 1)

static char maze[GH][GW + 1];
static unsigned seed = 2024;
static unsigned rnd(void) { seed = seed * 1664525u + 1013904223u; return seed >> 8; }

struct Point { int x, y; };
static const struct Point dirs[4] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };

static void generate(void) {
    static struct Point stack[W * H];
    static unsigned char seen[H][W];
    int sp = 0;
    for (int y = 0; y < GH; y++) {
        memset(maze[y], '#', GW);
        maze[y][GW] = '\0';
    }
    memset(seen, 0, sizeof seen);
    stack[sp].x = 0; stack[sp].y = 0; sp++;
    seen[0][0] = 1;
    maze[1][1] = ' ';
    while (sp > 0) {
        struct Point cur = stack[sp - 1];
        int opts[4], n = 0;
        for (int d = 0; d < 4; d++) {
            int nx = cur.x + dirs[d].x, ny = cur.y + dirs[d].y;
            if (nx >= 0 && nx < W && ny >= 0 && ny < H && !seen[ny][nx]) opts[n++] = d;
        }
        if (n == 0) { sp--; continue; }
        int d = opts[rnd() % (unsigned)n];
        int nx = cur.x + dirs[d].x, ny = cur.y + dirs[d].y;
        maze[2 * cur.y + 1 + dirs[d].y][2 * cur.x + 1 + dirs[d].x] = ' ';
        maze[2 * ny + 1][2 * nx + 1] = ' ';
        seen[ny][nx] = 1;
        stack[sp].x = nx;
        stack[sp].y = ny;
        sp++;
    }
    /* knock out a few extra walls to create loops */
    for (int k = 0; k < 12; k++) {
        int x = 1 + (int)(rnd() % (GW - 2)), y = 1 + (int)(rnd() % (GH - 2));
        if ((x + y) % 2 == 1) maze[y][x] = ' ';
    }
}

static int bfs(const struct Point *sp_, const struct Point *tp_, int dist[GH][GW], struct Point prev[GH][GW]) {
    static struct Point q[GW * GH];
    struct Point s = *sp_, t = *tp_;
    int head = 0, tail = 0;
    for (int y = 0; y < GH; y++)
        for (int x = 0; x < GW; x++) dist[y][x] = -1;
    dist[s.y][s.x] = 0;
    q[tail++] = s;
    while (head < tail) {
        struct Point c = q[head++];
        if (c.x == t.x && c.y == t.y) return dist[c.y][c.x];
        for (int d = 0; d < 4; d++) {
            struct Point n = { c.x + dirs[d].x, c.y + dirs[d].y };
            if (maze[n.y][n.x] == '#' || dist[n.y][n.x] >= 0) continue;
            dist[n.y][n.x] = dist[c.y][c.x] + 1;
            prev[n.y][n.x] = c;
            q[tail++] = n;
        }
    }
    return -1;
}

int main(void) {
    static int dist[GH][GW];
    static struct Point prev[GH][GW];
    generate();
    struct Point s = { 1, 1 }, t = { GW - 2, GH - 2 };
    int d = bfs(&s, &t, dist, prev);
    printf("shortest path length: %d\n", d);
    int steps = 0;
    for (struct Point p = t; !(p.x == s.x && p.y == s.y); p = prev[p.y][p.x]) {
        maze[p.y][p.x] = '.';
        steps++;
    }
    maze[s.y][s.x] = 'S';
    maze[t.y][t.x] = 'E';
    for (int y = 0; y < GH; y++) puts(maze[y]);
    printf("steps traced: %d\n", steps);
    int reachable = 0, maxd = 0;
    struct Point none = { 0, 0 };
    bfs(&s, &none, dist, prev);
    for (int y = 0; y < GH; y++)
        for (int x = 0; x < GW; x++)
            if (dist[y][x] >= 0) { reachable++; if (dist[y][x] > maxd) maxd = dist[y][x]; }
    printf("reachable cells: %d, farthest: %d\n", reachable, maxd);
    /* histogram of distances in buckets of 10 */
    int hist[20] = {0};
    for (int y = 0; y < GH; y++)
        for (int x = 0; x < GW; x++)
            if (dist[y][x] >= 0) hist[dist[y][x] / 10 < 19 ? dist[y][x] / 10 : 19]++;
    for (int i = 0; i < 20; i++)
        if (hist[i]) printf("%3d-%3d: %3d %.*s\n", i * 10, i * 10 + 9, hist[i], hist[i] / 2, "##################################################");
    return 0;
}
