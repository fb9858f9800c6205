/* Structs of many shapes passed and returned by value, arrays of structs with negative indices, and function pointers in tables and returned from functions. */
#include <stdio.h>
#include <string.h>

struct small { char c; short s; };
struct two { int a, b; };
struct dbl { double x, y; };
struct mixed { int i; float f; };
struct mixed2 { double d; long l; };
struct fl3 { float a, b, c; };
struct big { long v[10]; char tag; };
struct chars { char c[3]; };
struct odd { char c[13]; };
struct ld { long double x; int k; };

static struct small f_small(struct small s) { s.c++; s.s *= 2; return s; }
static struct two f_two(struct two t, int k) { t.a += k; t.b -= k; return t; }
static struct dbl f_dbl(struct dbl d) { struct dbl r = { d.y, d.x * 2 }; return r; }
static struct mixed f_mixed(struct mixed m) { m.i = (int)m.f; m.f = m.i * 1.5f; return m; }
static struct mixed2 f_mixed2(struct mixed2 m, double k) { m.d += k; m.l -= 1; return m; }
static struct fl3 f_fl3(struct fl3 a, struct fl3 b) { struct fl3 r = { a.a + b.a, a.b + b.b, a.c + b.c }; return r; }
static struct big f_big(struct big b) { for (int i = 0; i < 10; i++) b.v[i] *= 3; b.tag = 'B'; return b; }
static struct chars f_chars(struct chars c) { c.c[2] = 'z'; return c; }
static struct odd f_odd(struct odd o) { o.c[12] = '!'; return o; }
static struct ld f_ld(struct ld x) { x.x *= 2; x.k++; return x; }
static double many(struct dbl a, int i1, struct two b, double d1, struct mixed c, struct big e, float f2, struct small g) {
    return a.x + a.y + i1 + b.a + b.b + d1 + c.i + c.f + e.v[9] + e.tag + f2 + g.c + g.s;
}
typedef struct { int (*op)(int, int); const char *name; } entry;
static int addf(int a, int b) { return a + b; }
static int subf(int a, int b) { return a - b; }
static int mulf(int a, int b) { return a * b; }
static entry table[] = { { addf, "add" }, { subf, "sub" }, { mulf, "mul" } };
static int (*fns[])(int, int) = { addf, subf, mulf };
static int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
static int (*pick(int i))(int, int) { return fns[i]; }

int main(void) {
    struct small s = { 'a', 100 }; s = f_small(s); printf("%c %d\n", s.c, s.s);
    struct two t = f_two((struct two){ 1, 2 }, 5); printf("%d %d\n", t.a, t.b);
    struct dbl d = f_dbl((struct dbl){ 1.5, 2.5 }); printf("%g %g\n", d.x, d.y);
    struct mixed m = f_mixed((struct mixed){ 0, 7.9f }); printf("%d %g\n", m.i, m.f);
    struct mixed2 m2 = f_mixed2((struct mixed2){ 1.0, 10 }, 0.5); printf("%g %ld\n", m2.d, m2.l);
    struct fl3 f3 = f_fl3((struct fl3){ 1, 2, 3 }, (struct fl3){ .5f, .25f, .125f }); printf("%g %g %g\n", f3.a, f3.b, f3.c);
    struct big b = { { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, 'x' }; struct big b2 = f_big(b); printf("%ld %ld %c %ld %c\n", b2.v[0], b2.v[9], b2.tag, b.v[9], b.tag);
    struct chars ch = f_chars((struct chars){ { 'a', 'b', 'c' } }); printf("%c%c%c\n", ch.c[0], ch.c[1], ch.c[2]);
    struct odd o; memset(&o, 'o', sizeof o); o = f_odd(o); printf("%.13s\n", o.c);
    struct ld l = f_ld((struct ld){ 1.25L, 4 }); printf("%Lg %d\n", l.x, l.k);
    printf("%g\n", many(d, 1, t, 0.5, m, b, 0.25f, s));
    for (int i = 0; i < 3; i++) printf("%s=%d %d %d\n", table[i].name, table[i].op(7, 3), fns[i](2, 3), apply(pick(i), 4, 5));
    struct two arr[4]; for (int i = 0; i < 4; i++) arr[i] = (struct two){ i, -i };
    struct two *p = &arr[3]; printf("%d %d %d\n", p[-1].a, p[-3].b, (p - 2)->a);
    struct two tmp = arr[0]; arr[0] = arr[3]; arr[3] = tmp; printf("%d %d\n", arr[0].a, arr[3].a);
    struct dbl ds[3] = { { 1, 2 }, { 3, 4 } }; ds[2] = ds[0]; ds[0] = f_dbl(ds[1]); printf("%g %g %g\n", ds[0].x, ds[0].y, ds[2].y);
    printf("%d\n", f_two(t, 1).a);
    printf("%g\n", f_dbl(d).y);
    int (*fp)(int, int) = &addf; printf("%d %d\n", (*fp)(1, 2), fp(3, 4));
    union { struct two t; long long ll; } un; un.t = t; printf("%d\n", un.t.b);
    struct two cond = s.c > 0 ? t : (struct two){ 0, 0 }; printf("%d\n", cond.a);
    return 0;
}
