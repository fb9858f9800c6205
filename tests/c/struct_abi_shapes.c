/* Structs and unions of SysV classes (floats, mixed, three longs, long double, arrays of floats) passed, returned and read with va_arg. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

struct f2 { float a, b; };
struct f4 { float a, b, c, d; };
struct df { double d; float f; };
struct fi { float f; int i; };
struct if2 { int i; float f, g; };
struct c3 { char a, b, c; };
struct s6 { short a, b, c; };
struct l3 { long a, b, c; };
struct ld1 { long double x; };
union uf { float f; int i; };
union ud { double d; long l; };
struct arrf { float v[3]; };
struct nested { struct f2 p; int k; };
struct empty_tail { int x; char pad[0]; };

static struct f2 mk_f2(float a, float b) { return (struct f2){ a, b }; }
static struct f4 add_f4(struct f4 x, struct f4 y) { return (struct f4){ x.a + y.a, x.b + y.b, x.c + y.c, x.d + y.d }; }
static struct df mk_df(double d, float f) { struct df r; r.d = d; r.f = f; return r; }
static struct fi swap_fi(struct fi x) { return (struct fi){ (float)x.i, (int)x.f }; }
static struct if2 mk_if2(int i) { return (struct if2){ i, i * 0.5f, i * 0.25f }; }
static struct c3 rot(struct c3 c) { return (struct c3){ c.b, c.c, c.a }; }
static struct s6 neg6(struct s6 s) { return (struct s6){ -s.a, -s.b, -s.c }; }
static struct l3 sum3(struct l3 a, struct l3 b, struct l3 c) { return (struct l3){ a.a + b.a + c.a, a.b + b.b + c.b, a.c + b.c + c.c }; }
static struct ld1 half(struct ld1 x) { x.x /= 2; return x; }
static union uf uff(union uf u) { u.f *= 2; return u; }
static union ud udd(union ud u) { u.l ^= 1; return u; }
static struct arrf scale(struct arrf a, float k) { for (int i = 0; i < 3; i++) a.v[i] *= k; return a; }
static struct nested mk_nested(struct f2 p, int k) { return (struct nested){ p, k }; }
static double va_structs(int n, ...) {
    va_list ap; va_start(ap, n); double t = 0;
    for (int i = 0; i < n; i++) {
        switch (i % 4) {
        case 0: { struct f2 f = va_arg(ap, struct f2); t += f.a + f.b; break; }
        case 1: { struct l3 l = va_arg(ap, struct l3); t += l.a + l.b + l.c; break; }
        case 2: { struct df d = va_arg(ap, struct df); t += d.d + d.f; break; }
        case 3: { struct c3 c = va_arg(ap, struct c3); t += c.a + c.b + c.c; break; }
        }
    }
    va_end(ap); return t;
}
static double many_floats(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j, float k, struct f2 l) {
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k * 11 + l.a + l.b;
}
static long many_ints(int a, long b, short c, char d, unsigned e, long long f, int g, struct s6 h, int i) {
    return a + b + c + d + e + f + g + h.a + h.b + h.c + i;
}
typedef struct f2 (*f2fn)(float, float);

int main(void) {
    struct f2 a = mk_f2(1.5f, 2.5f); printf("%g %g\n", a.a, a.b);
    struct f4 b = add_f4((struct f4){ 1, 2, 3, 4 }, (struct f4){ .5f, .5f, .5f, .5f }); printf("%g %g %g %g\n", b.a, b.b, b.c, b.d);
    struct df c = mk_df(3.25, 1.125f); printf("%g %g\n", c.d, c.f);
    struct fi d = swap_fi((struct fi){ 7.75f, 3 }); printf("%g %d\n", d.f, d.i);
    struct if2 e = mk_if2(5); printf("%d %g %g\n", e.i, e.f, e.g);
    struct c3 f = rot((struct c3){ 'x', 'y', 'z' }); printf("%c%c%c\n", f.a, f.b, f.c);
    struct s6 g = neg6((struct s6){ 1, -2, 300 }); printf("%d %d %d\n", g.a, g.b, g.c);
    struct l3 h = sum3((struct l3){ 1, 2, 3 }, (struct l3){ 10, 20, 30 }, (struct l3){ 100, 200, 300 }); printf("%ld %ld %ld\n", h.a, h.b, h.c);
    struct ld1 i = half((struct ld1){ 5.0L }); printf("%Lg\n", i.x);
    union uf j = uff((union uf){ .f = 1.25f }); printf("%g\n", j.f);
    union ud k = udd((union ud){ .l = 6 }); printf("%ld\n", k.l);
    struct arrf l = scale((struct arrf){ { 1, 2, 3 } }, 1.5f); printf("%g %g %g\n", l.v[0], l.v[1], l.v[2]);
    struct nested m = mk_nested(a, 9); printf("%g %g %d\n", m.p.a, m.p.b, m.k);
    printf("%g\n", va_structs(8, a, h, c, f, a, h, c, f));
    printf("%g\n", many_floats(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, a));
    printf("%ld\n", many_ints(1, 2, 3, 4, 5, 6, 7, g, 9));
    f2fn fp = mk_f2; struct f2 n = fp(9, 8); printf("%g %g\n", n.a, n.b);
    printf("%g\n", mk_f2(3, 4).b + mk_df(1, 2).d);
    printf("%zu\n", sizeof(struct empty_tail));
    return 0;
}
