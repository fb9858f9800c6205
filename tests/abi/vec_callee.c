/*
 * The callee side of the vector pair: each function prints its name and
 * what it received, then returns a value computed from it.
 */
#include "vec_shapes.h"

v4si pass_v4si(v4si a, int k)
{
    printf("pass_v4si:"); show_v4si(" ", a); printf(" %d", k);
    return a * k + 1;
}

v4sf pass_v4sf(v4sf a, v4sf b)
{
    printf("pass_v4sf:"); show_v4sf(" ", a); show_v4sf(" ", b);
    return a * b - 0.5f;
}

v2df pass_v2df(double d, v2df a)
{
    printf("pass_v2df: %.17g", d); show_v2df(" ", a);
    return a / d;
}

v16qi pass_v16qi(v16qi a)
{
    printf("pass_v16qi:"); show_v16qi(" ", a);
    return -a;
}

v8hu pass_v8hu(v8hu a, v8hu b)
{
    printf("pass_v8hu:"); show_v8hu(" ", a); show_v8hu(" ", b);
    return a ^ b;
}

v2di pass_v2di(long x, v2di a)
{
    printf("pass_v2di: %ld", x); show_v2di(" ", a);
    return a << 3;
}

v2si pass_v2si(v2si a, v2si b)
{
    printf("pass_v2si:"); show_v2si(" ", a); show_v2si(" ", b);
    return a - b;
}

v2sf pass_v2sf(v2sf a, float f)
{
    printf("pass_v2sf:"); show_v2sf(" ", a); printf(" %.9g", f);
    return a + f;
}

v4qi pass_v4qi(v4qi a, v4qi b, int k)
{
    printf("pass_v4qi:"); show_v4qi(" ", a); show_v4qi(" ", b); printf(" %d", k);
    return a * b + (v4qi){ (signed char) k, 0, 0, 0 };
}

v8si pass_v8si(v8si a, v8si b)
{
    printf("pass_v8si:"); show_v8si(" ", a); show_v8si(" ", b);
    return a + b;
}

v8si pass_v8si_after(long a, long b, long c, long d, long e, long f, long g, v8si v)
{
    printf("pass_v8si_after: %ld %ld %ld %ld %ld %ld %ld", a, b, c, d, e, f, g); show_v8si(" ", v);
    return v * 2;
}

v8di pass_v8di(int k, v8di v, int j)
{
    printf("pass_v8di: %d", k); show_v8di(" ", v); printf(" %d", j);
    return v + k - j;
}

WV pass_WV(WV w)
{
    printf("pass_WV:"); show_v4si(" ", w.v);
    w.v = w.v + 100;
    return w;
}

VI pass_VI(VI s)
{
    printf("pass_VI:"); show_v2si(" ", s.v); printf(" %d", s.x);
    s.v = s.v * s.x;
    s.x = -s.x;
    return s;
}

VD pass_VD(VD s)
{
    printf("pass_VD:"); show_v2sf(" ", s.v); printf(" %.17g", s.d);
    s.v = s.v + 1.0f;
    s.d = s.d * 2;
    return s;
}

UVD pass_UVD(UVD u)
{
    printf("pass_UVD:"); show_v4si(" ", u.v);
    u.v = ~u.v;
    return u;
}

v4si pass_many(v4si a, v4si b, v4si c, v4si d, v4si e, v4si f, v4si g, v4si h, double x, v4si i, v4si j)
{
    printf("pass_many:");
    show_v4si(" ", a); show_v4si(" ", b); show_v4si(" ", c); show_v4si(" ", d);
    show_v4si(" ", e); show_v4si(" ", f); show_v4si(" ", g); show_v4si(" ", h);
    printf(" %.17g", x);
    show_v4si(" ", i); show_v4si(" ", j);
    return a + b + c + d + e + f + g + h + i + j;
}

v4si apply_twice(v4si (*f)(v4si), v4si x)
{
    printf("apply_twice:"); show_v4si(" ", x);
    return f(f(x));
}
