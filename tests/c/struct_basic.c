#include <stdio.h>

struct Point { int x; int y; };
struct Rect { struct Point tl, br; };
struct Mixed { char c; short s; int i; long l; float f; double d; unsigned char uc; };

static int area(const struct Rect *r) { return (r->br.x - r->tl.x) * (r->br.y - r->tl.y); }

struct Point gp = {3, 4};

int main(void) {
    struct Point p;
    p.x = 10;
    p.y = -20;
    printf("%d %d\n", p.x, p.y);
    struct Point q = {1, 2};
    printf("%d %d\n", q.x, q.y);
    struct Point z = {5};
    printf("%d %d\n", z.x, z.y);
    struct Rect r = {{0, 0}, {4, 5}};
    printf("%d\n", area(&r));
    r.br.x += 6;
    printf("%d\n", area(&r));
    printf("%d %d\n", gp.x, gp.y);
    gp.x *= 100;
    printf("%d\n", gp.x);
    struct Mixed m;
    m.c = 'c'; m.s = -300; m.i = 70000; m.l = 1L << 40; m.f = 0.75f; m.d = -2.125; m.uc = 250;
    printf("%c %d %d %ld %g %g %d\n", m.c, m.s, m.i, m.l, m.f, m.d, m.uc);
    m.uc += 10;
    m.s *= 100;
    printf("%d %d\n", m.uc, m.s);
    struct Mixed m2 = {'z', 1, 2, 3, 4.5f, 5.5, 6};
    printf("%c %d %d %ld %g %g %d\n", m2.c, m2.s, m2.i, m2.l, m2.f, m2.d, m2.uc);
    struct { int a; char b; } anon = {7, 'q'};
    printf("%d %c\n", anon.a, anon.b);
    struct Point pts[3] = {{1, 1}, {2, 4}, {3, 9}};
    int sy = 0;
    for (int i = 0; i < 3; i++) sy += pts[i].y;
    printf("%d\n", sy);
    struct Point *pp = &pts[1];
    pp->x = 20;
    (*pp).y = 40;
    printf("%d %d\n", pts[1].x, pts[1].y);
    int *px = &p.y;
    *px = 99;
    printf("%d\n", p.y);
    printf("%zu %zu %zu\n", sizeof(struct Point), sizeof(struct Rect), sizeof(struct Mixed));
    return 0;
}
