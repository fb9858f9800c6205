/* Designated initializers (nested, out of order, overriding, GNU ranges), compound literals at file and block scope, flexible array members, anonymous members, string and VLA initialization. */
#include <stdio.h>
#include <string.h>

struct point { int x, y; };
struct rect { struct point a, b; const char *name; int tags[4]; };
union u { int i; float f; char c[4]; };
struct withu { int kind; union { int iv; double dv; }; struct { short lo, hi; }; };
static struct rect gr = { .b = { .y = 4, .x = 3 }, .a.x = 1, .name = "g", .tags[2] = 7, .tags = { [3] = 9 } };
static int garr[10] = { [0 ... 3] = 5, [7] = 1, [2] = 8 };
static int *gp = (int[]){ 10, 20, 30 };
static struct point *gpp = &(struct point){ 5, 6 };
static const char *names[] = { [2] = "two", [0] = "zero", "one" };
static union u gu = { .f = 1.5f };
static char s1[] = "abc", s2[5] = "abcde", s3[10] = { 'x', 'y' };
static int matrix[3][4] = { [1] = { 1, 2 }, [2][3] = 9, { 0 } };
struct flex { int n; int data[]; };
static struct flex gf = { 3, { 1, 2, 3 } };
struct nest { int a; struct { int b, c; } in[2]; int d; };
static struct nest gn = { 1, 2, 3, 4, 5, 6 };
static struct nest gn2 = { .in[1].c = 7, .a = 1, 2 };

static int sum(const int *p, int n) { int s = 0; while (n--) s += *p++; return s; }
static struct point mk(int x, int y) { return (struct point){ .y = y, .x = x }; }

int main(void) {
    printf("%d %d %d %d %s %d %d %d %d\n", gr.a.x, gr.a.y, gr.b.x, gr.b.y, gr.name, gr.tags[0], gr.tags[1], gr.tags[2], gr.tags[3]);
    for (int i = 0; i < 10; i++) printf("%d ", garr[i]); printf("\n");
    printf("%d %d %d %d\n", gp[0], gp[2], gpp->x, gpp->y);
    printf("%s %s %s\n", names[0], names[1], names[2]);
    printf("%g %zu %zu %d %d\n", gu.f, sizeof s1, sizeof s2, s3[1], s3[9]);
    for (int i = 0; i < 3; i++) { for (int j = 0; j < 4; j++) printf("%d", matrix[i][j]); printf(" "); } printf("\n");
    printf("%d %d %d\n", gf.n, gf.data[0], gf.data[2]);
    printf("%d %d %d %d %d %d\n", gn.a, gn.in[0].b, gn.in[0].c, gn.in[1].b, gn.in[1].c, gn.d);
    printf("%d %d %d %d\n", gn2.a, gn2.in[1].c, gn2.in[1].b, gn2.d);
    int local[] = { [4] = 1, [1] = 2 };
    printf("%zu %d\n", sizeof local / sizeof local[0], sum(local, 5));
    printf("%d\n", sum((int[]){ 1, 2, 3, 4 }, 4));
    struct point p = mk(3, 4); printf("%d %d\n", p.x, p.y);
    (struct point){ 1, 2 }.x; 
    struct point *pp = &(struct point){ .y = 9 }; pp->x = 8; printf("%d %d\n", pp->x, pp->y);
    int *ip = (int[3]){ 0 }; ip[1] = 5; printf("%d %d\n", ip[0], ip[1]);
    struct withu w = { .kind = 1, .dv = 2.5, .hi = -3 }; printf("%d %g %d %d\n", w.kind, w.dv, w.lo, w.hi);
    w.iv = 7; w.lo = 2; printf("%d %d\n", w.iv, w.lo);
    struct rect r = { { 1, 2 }, { 3 }, "loc", { 1, [3] = 4 } };
    struct rect r2 = r; r2.tags[0] = 100;
    printf("%d %d %d %d %s %d %d\n", r.a.x, r.a.y, r.b.x, r.b.y, r.name, r.tags[0], r2.tags[0]);
    char str[] = { "braced" }; printf("%s %zu\n", str, sizeof str);
    char grid[2][4] = { "abc", "de" }; printf("%s %s\n", grid[0], grid[1]);
    const char *pa[] = { "x", "yy", 0 }; for (const char **q = pa; *q; q++) printf("%s;", *q); printf("\n");
    struct { int a[3]; } sa = { { 1, 2, 3 } }, sb; sb = sa; sb.a[0] = 9; printf("%d %d\n", sa.a[0], sb.a[0]);
    union u lu = { 0x41424344 }; printf("%c%c\n", lu.c[0], lu.c[3]);
    int n = 3; int vla[n]; for (int i = 0; i < n; i++) vla[i] = i * 2; printf("%zu %d\n", sizeof vla, vla[2]);
    int dyn[5] = { n, n + 1, [3] = n * 3 }; printf("%d %d %d %d\n", dyn[0], dyn[1], dyn[2], dyn[3]);
    struct point ps[] = { [1].y = 3, [0] = { 1, 1 }, [2].x = 5 };
    for (int i = 0; i < 3; i++) printf("(%d,%d)", ps[i].x, ps[i].y); printf("\n");
    static int sarr[] = { [0 ... 2] = 1, [5 ... 6] = 2 }; printf("%zu %d %d %d\n", sizeof sarr / sizeof *sarr, sarr[1], sarr[4], sarr[6]);
    int ovr[4] = { 1, 2, 3, 4, [1] = 20, 30 }; printf("%d %d %d %d\n", ovr[0], ovr[1], ovr[2], ovr[3]);
    return 0;
}
