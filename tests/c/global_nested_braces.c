// gcc-check-flags: -Wno-missing-braces
#include <stdio.h>

struct Point { int x, y; };
struct Line { struct Point a, b; const char *label; };
struct Poly { int n; struct Point pts[4]; };
struct Rec { char name[8]; int vals[3]; double w; };

int grid[3][4] = {{1, 2, 3, 4}, {5, 6}, {7}};
int flat2d[2][3] = {1, 2, 3, 4};
int cube[2][2][2] = {{{1, 2}, {3, 4}}, {{5}}};
struct Point origin = {0, 0};
struct Point pts[] = {{1, 2}, {3, 4}, {5, 6}};
struct Line lines[2] = {{{0, 0}, {1, 1}, "diag"}, {{2, 3}, {4, 5}}};
struct Poly square = {4, {{0, 0}, {0, 1}, {1, 1}, {1, 0}}};
struct Poly tri = {3, {{0, 0}, {2}}};
struct Rec recs[3] = {{"ab", {1, 2, 3}, 0.5}, {"cd", {4}, 1.5}};
char words[3][6] = {"one", "two", "three"};
double dm[2][3] = {{1.5, 2.5}, {3.5}};
struct { int a; struct { char c; short s[2]; } in; } anon = {1, {'x', {7, 8}}};
unsigned char bytes[2][2] = {{255, 128}, {64}};
struct Point *ptrs[3] = {&pts[0], &pts[2], 0};

int main(void) {
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++) printf("%d ", grid[i][j]);
        printf("| ");
    }
    printf("\n");
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) printf("%d ", flat2d[i][j]);
    printf("\n");
    for (int i = 0; i < 8; i++) printf("%d ", (&cube[0][0][0])[i]);
    printf("\n");
    printf("%d %d %zu\n", origin.x, origin.y, sizeof(pts) / sizeof(pts[0]));
    for (int i = 0; i < 3; i++) printf("(%d,%d)", pts[i].x, pts[i].y);
    printf("\n");
    for (int i = 0; i < 2; i++)
        printf("%d %d %d %d %s\n", lines[i].a.x, lines[i].a.y, lines[i].b.x, lines[i].b.y,
               lines[i].label ? lines[i].label : "(none)");
    printf("%d:", square.n);
    for (int i = 0; i < 4; i++) printf(" %d%d", square.pts[i].x, square.pts[i].y);
    printf("\n%d:", tri.n);
    for (int i = 0; i < 4; i++) printf(" %d%d", tri.pts[i].x, tri.pts[i].y);
    printf("\n");
    for (int i = 0; i < 3; i++)
        printf("[%s %d %d %d %g]", recs[i].name, recs[i].vals[0], recs[i].vals[1], recs[i].vals[2], recs[i].w);
    printf("\n");
    for (int i = 0; i < 3; i++) printf("%s ", words[i]);
    printf("\n");
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) printf("%g ", dm[i][j]);
    printf("\n");
    printf("%d %c %d %d\n", anon.a, anon.in.c, anon.in.s[0], anon.in.s[1]);
    printf("%d %d %d %d\n", bytes[0][0], bytes[0][1], bytes[1][0], bytes[1][1]);
    printf("%d %d %d\n", ptrs[0]->y, ptrs[1]->x, ptrs[2] == 0);
    int local[2][3] = {{1, 2, 3}, {4, 5, 6}};
    struct Line ll = {{9, 8}, {7, 6}, "local"};
    printf("%d %d %s\n", local[1][2], ll.b.x, ll.label);
    return 0;
}
