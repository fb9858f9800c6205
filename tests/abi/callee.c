/*
 * The callee side: functions that take and return the shapes of shapes.h
 * by value. Each prints its name and every argument it received, so that
 * a misplaced register or eightbyte shows in the output, and returns a
 * value built from its arguments; the caller prints that value and ends
 * the line.
 */
#include <string.h>
#include "shapes.h"

/* ---- one shape in, the same shape out, changed by k ---- */

C1 pass_C1(C1 x, int k)
{
    enter(__func__); show_C1(" ", &x); show_int(" ", k);
    x.a += k;
    return x;
}

S1 pass_S1(S1 x, int k)
{
    enter(__func__); show_S1(" ", &x); show_int(" ", k);
    x.a -= k;
    return x;
}

I1 pass_I1(I1 x, int k)
{
    enter(__func__); show_I1(" ", &x); show_int(" ", k);
    x.a *= k;
    return x;
}

C3 pass_C3(C3 x, int k)
{
    enter(__func__); show_C3(" ", &x); show_int(" ", k);
    for (int i = 0; i < 3; i++)
        x.a[i] += k * (i + 1);
    return x;
}

C5 pass_C5(C5 x, int k)
{
    enter(__func__); show_C5(" ", &x); show_int(" ", k);
    for (int i = 0; i < 5; i++)
        x.a[i] += k * (i + 1);
    return x;
}

C7 pass_C7(C7 x, int k)
{
    enter(__func__); show_C7(" ", &x); show_int(" ", k);
    for (int i = 0; i < 7; i++)
        x.a[i] += k * (i + 1);
    return x;
}

I2 pass_I2(I2 x, int k)
{
    enter(__func__); show_I2(" ", &x); show_int(" ", k);
    x.a += k;
    x.b -= 2 * k;
    return x;
}

L1 pass_L1(L1 x, int k)
{
    enter(__func__); show_L1(" ", &x); show_int(" ", k);
    x.a = x.a * 16 + k;
    return x;
}

P1 pass_P1(P1 x, int k)
{
    enter(__func__); show_P1(" ", &x); show_int(" ", k);
    x.p = (char *)x.p + k;
    return x;
}

FI pass_FI(FI x, int k)
{
    enter(__func__); show_FI(" ", &x); show_int(" ", k);
    x.f += k;
    x.i -= k;
    return x;
}

L2 pass_L2(L2 x, int k)
{
    enter(__func__); show_L2(" ", &x); show_int(" ", k);
    long t = x.a;
    x.a = x.b + k;
    x.b = t - k;
    return x;
}

I3 pass_I3(I3 x, int k)
{
    enter(__func__); show_I3(" ", &x); show_int(" ", k);
    x.a += k;
    x.b += 2 * k;
    x.c += 3 * k;
    return x;
}

C13 pass_C13(C13 x, int k)
{
    enter(__func__); show_C13(" ", &x); show_int(" ", k);
    for (int i = 0; i < 13; i++)
        x.a[i] = (char)(x.a[i] + k + i);
    return x;
}

H7 pass_H7(H7 x, int k)
{
    enter(__func__); show_H7(" ", &x); show_int(" ", k);
    for (int i = 0; i < 7; i++)
        x.a[i] = (short)(x.a[i] * k);
    return x;
}

F1 pass_F1(F1 x, int k)
{
    enter(__func__); show_F1(" ", &x); show_int(" ", k);
    x.a *= k;
    return x;
}

F2 pass_F2(F2 x, int k)
{
    enter(__func__); show_F2(" ", &x); show_int(" ", k);
    float t = x.a;
    x.a = x.b + k;
    x.b = t - k;
    return x;
}

F3 pass_F3(F3 x, int k)
{
    enter(__func__); show_F3(" ", &x); show_int(" ", k);
    x.a += k;
    x.b -= k;
    x.c *= k;
    return x;
}

D1 pass_D1(D1 x, int k)
{
    enter(__func__); show_D1(" ", &x); show_int(" ", k);
    x.a /= k;
    return x;
}

D2 pass_D2(D2 x, int k)
{
    enter(__func__); show_D2(" ", &x); show_int(" ", k);
    double t = x.a;
    x.a = x.b * k;
    x.b = t + k;
    return x;
}

FAD pass_FAD(FAD x, int k)
{
    enter(__func__); show_FAD(" ", &x); show_int(" ", k);
    x.f[0] += k;
    x.f[1] -= k;
    x.d *= k;
    return x;
}

DI pass_DI(DI x, int k)
{
    enter(__func__); show_DI(" ", &x); show_int(" ", k);
    x.d -= k;
    x.i *= k;
    return x;
}

ID pass_ID(ID x, int k)
{
    enter(__func__); show_ID(" ", &x); show_int(" ", k);
    x.i += k;
    x.d *= k;
    return x;
}

LD pass_LD(LD x, int k)
{
    enter(__func__); show_LD(" ", &x); show_int(" ", k);
    x.l -= k;
    x.d += k;
    return x;
}

DL pass_DL(DL x, int k)
{
    enter(__func__); show_DL(" ", &x); show_int(" ", k);
    x.d /= k;
    x.l += k;
    return x;
}

FFII pass_FFII(FFII x, int k)
{
    enter(__func__); show_FFII(" ", &x); show_int(" ", k);
    x.a += k;
    x.b -= k;
    x.c *= k;
    x.d += 100 * k;
    return x;
}

CD pass_CD(CD x, int k)
{
    enter(__func__); show_CD(" ", &x); show_int(" ", k);
    x.c = (char)(x.c - k);
    x.d += k;
    return x;
}

NEST pass_NEST(NEST x, int k)
{
    enter(__func__); show_NEST(" ", &x); show_int(" ", k);
    x.p.a += k;
    x.p.b *= k;
    x.q -= k;
    return x;
}

BF pass_BF(BF x, int k)
{
    enter(__func__); show_BF(" ", &x); show_int(" ", k);
    x.a = x.a + k;
    x.b = x.b + 2 * k;
    x.c = x.c + 3 * k;
    x.d -= k;
    return x;
}

UIF pass_UIF(UIF x, int k)
{
    enter(__func__); show_UIF(" ", &x); show_int(" ", k);
    x.i ^= k;
    return x;
}

UDL pass_UDL(UDL x, int k)
{
    enter(__func__); show_UDL(" ", &x); show_int(" ", k);
    x.l -= k;
    return x;
}

UFI pass_UFI(UFI x, int k)
{
    enter(__func__); show_UFI(" ", &x); show_int(" ", k);
    x.f[0] += k;
    x.f[1] *= k;
    return x;
}

UFD pass_UFD(UFD x, int k)
{
    enter(__func__); show_UFD(" ", &x); show_int(" ", k);
    x.d -= k;
    return x;
}

C17 pass_C17(C17 x, int k)
{
    enter(__func__); show_C17(" ", &x); show_int(" ", k);
    for (int i = 0; i < 17; i++)
        x.a[i] = (char)(x.a[i] - k + i);
    return x;
}

L3 pass_L3(L3 x, int k)
{
    enter(__func__); show_L3(" ", &x); show_int(" ", k);
    long t = x.a;
    x.a = x.c + k;
    x.c = t - k;
    x.b *= k;
    return x;
}

D3 pass_D3(D3 x, int k)
{
    enter(__func__); show_D3(" ", &x); show_int(" ", k);
    for (int i = 0; i < 3; i++)
        x.a[i] += k * (i + 1);
    return x;
}

I5 pass_I5(I5 x, int k)
{
    enter(__func__); show_I5(" ", &x); show_int(" ", k);
    for (int i = 0; i < 5; i++)
        x.a[i] -= k * i;
    return x;
}

D4 pass_D4(D4 x, int k)
{
    enter(__func__); show_D4(" ", &x); show_int(" ", k);
    double t = x.a;
    x.a = x.d;
    x.d = t;
    x.b += k;
    x.c -= k;
    return x;
}

BIG pass_BIG(BIG x, int k)
{
    enter(__func__); show_BIG(" ", &x); show_int(" ", k);
    x.h = (short)(x.h + k);
    x.c = (char)(x.c - k);
    x.tag = (char)(x.tag ^ 1);
    for (int i = 0; i < 24; i++)
        x.v[i] += k * i;
    return x;
}

PK pass_PK(PK x, int k)
{
    enter(__func__); show_PK(" ", &x); show_int(" ", k);
    x.c = (char)(x.c + k);
    x.i = x.i * k;
    return x;
}

A16 pass_A16(A16 x, int k)
{
    enter(__func__); show_A16(" ", &x); show_int(" ", k);
    x.a -= k;
    x.b += k;
    return x;
}

A32 pass_A32(A32 x, int k)
{
    enter(__func__); show_A32(" ", &x); show_int(" ", k);
    x.a += k;
    x.b -= k;
    x.c *= k;
    return x;
}

/* ---- values built from scalar arguments and returned ---- */

C1 make_C1(int a)
{
    enter(__func__); show_int(" ", a);
    C1 r = { (char)a };
    return r;
}

S1 make_S1(int a)
{
    enter(__func__); show_int(" ", a);
    S1 r = { (short)a };
    return r;
}

C7 make_C7(int first)
{
    enter(__func__); show_int(" ", first);
    C7 r;
    for (int i = 0; i < 7; i++)
        r.a[i] = (char)(first + i);
    return r;
}

I2 make_I2(int a, int b)
{
    enter(__func__); show_int(" ", a); show_int(" ", b);
    I2 r = { a, b };
    return r;
}

FI make_FI(float f, int i)
{
    enter(__func__); show_dbl(" ", f); show_int(" ", i);
    FI r = { f, i };
    return r;
}

I3 make_I3(int a, int b, int c)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c);
    I3 r = { a, b, c };
    return r;
}

C13 make_C13(int first)
{
    enter(__func__); show_int(" ", first);
    C13 r;
    for (int i = 0; i < 13; i++)
        r.a[i] = (char)(first - i);
    return r;
}

F1 make_F1(float a)
{
    enter(__func__); show_dbl(" ", a);
    F1 r = { a };
    return r;
}

F2 make_F2(float a, float b)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b);
    F2 r = { a, b };
    return r;
}

F3 make_F3(float a, float b, float c)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c);
    F3 r = { a, b, c };
    return r;
}

D2 make_D2(double a, double b)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b);
    D2 r = { a, b };
    return r;
}

DI make_DI(double d, int i)
{
    enter(__func__); show_dbl(" ", d); show_int(" ", i);
    DI r = { d, i };
    return r;
}

ID make_ID(int i, double d)
{
    enter(__func__); show_int(" ", i); show_dbl(" ", d);
    ID r = { i, d };
    return r;
}

FFII make_FFII(int c, float a, int d, float b)
{
    enter(__func__); show_int(" ", c); show_dbl(" ", a); show_int(" ", d); show_dbl(" ", b);
    FFII r = { a, b, c, d };
    return r;
}

NEST make_NEST(long q, float a, float b)
{
    enter(__func__); show_int(" ", q); show_dbl(" ", a); show_dbl(" ", b);
    NEST r = { { a, b }, q };
    return r;
}

BF make_BF(unsigned a, unsigned b, unsigned c, int d)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    BF r;
    r.a = a;
    r.b = b;
    r.c = c;
    r.d = d;
    return r;
}

UFI make_UFI(float a, float b)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b);
    UFI r = { { a, b } };
    return r;
}

L3 make_L3(long a, long b, long c, long d, long e, long f)
{
    /* The hidden return pointer takes %rdi, so f goes on the stack. */
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c);
    show_int(" ", d); show_int(" ", e); show_int(" ", f);
    L3 r = { a + b, c + d, e + f };
    return r;
}

D4 make_D4(double a, double b, double c, double d)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c); show_dbl(" ", d);
    D4 r = { a, b, c, d };
    return r;
}

BIG make_BIG(short h, char c, char tag, int base)
{
    enter(__func__); show_int(" ", h); show_int(" ", c); show_int(" ", tag); show_int(" ", base);
    BIG r;
    memset(&r, 0, sizeof r);
    r.h = h;
    r.c = c;
    r.tag = tag;
    for (int i = 0; i < 24; i++)
        r.v[i] = base + i * i;
    return r;
}

PK make_PK(char c, int i)
{
    enter(__func__); show_int(" ", c); show_int(" ", i);
    PK r;
    r.c = c;
    r.i = i;
    return r;
}

A16 make_A16(long a, long b)
{
    enter(__func__); show_int(" ", a); show_int(" ", b);
    A16 r = { a, b };
    return r;
}

A32 make_A32(long a, long b, long c)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c);
    A32 r = { a, b, c };
    return r;
}

/* ---- a struct after other arguments that still fit in registers ---- */

L2 last_L2(int a, double b, long c, float d, L2 x)
{
    enter(__func__); show_int(" ", a); show_dbl(" ", b); show_int(" ", c); show_dbl(" ", d); show_L2(" ", &x);
    L2 r = { x.a + a, x.b - c };
    return r;
}

DL last_DL(char a, short b, double c, DL x)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_dbl(" ", c); show_DL(" ", &x);
    DL r = { x.d + c, x.l + a * b };
    return r;
}

F3 last_F3(double a, float b, int c, F3 x)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_int(" ", c); show_F3(" ", &x);
    F3 r = { x.c, x.b + b, x.a + c };
    return r;
}

/* ---- after five integer arguments: one general register is left ---- */

/* x needs two registers, so it goes on the stack and f takes %r9. */
L2 after5_L2(int a, int b, int c, int d, int e, L2 x, int f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_L2(" ", &x); show_int(" ", f);
    L2 r = { x.a + f, x.b - a };
    return r;
}

I3 after5_I3(long a, long b, long c, long d, long e, I3 x, long f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_I3(" ", &x); show_int(" ", f);
    I3 r = { x.c + (int)f, x.b, x.a - (int)e };
    return r;
}

C13 after5_C13(char a, char b, char c, char d, char e, C13 x, char f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_C13(" ", &x); show_int(" ", f);
    x.a[0] = a;
    x.a[12] = f;
    return x;
}

H7 after5_H7(short a, short b, short c, short d, short e, H7 x, short f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_H7(" ", &x); show_int(" ", f);
    x.a[3] = (short)(a + f);
    return x;
}

BF after5_BF(int a, int b, int c, int d, int e, BF x, unsigned f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_BF(" ", &x); show_int(" ", f);
    x.a = f;
    x.d = a - e;
    return x;
}

/* x needs one general and one SSE register: it fits, and f goes on the stack. */
DI after5_DI(int a, int b, int c, int d, int e, DI x, int f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_DI(" ", &x); show_int(" ", f);
    DI r = { x.d * 2, x.i + f };
    return r;
}

/* x goes on the stack, 16-aligned; f takes %r9. */
A16 after5_A16(int a, int b, int c, int d, int e, A16 x, int f)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_A16(" ", &x); show_int(" ", f);
    A16 r = { x.b + f, x.a + e };
    return r;
}

/* All general registers taken: x goes on the stack, y still in %xmm0-1. */
D2 after6_L1(int a, int b, int c, int d, int e, int f, L1 x, D2 y, int g)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_int(" ", f); show_L1(" ", &x); show_D2(" ", &y); show_int(" ", g);
    D2 r = { y.a + (double)x.a, y.b + g };
    return r;
}

/* ---- SSE registers running out ---- */

/* Seven doubles leave %xmm7: x needs two, goes on the stack, h takes %xmm7. */
D2 after7d_D2(double a, double b, double c, double d, double e, double f, double g, D2 x, double h)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c); show_dbl(" ", d);
    show_dbl(" ", e); show_dbl(" ", f); show_dbl(" ", g); show_D2(" ", &x); show_dbl(" ", h);
    D2 r = { x.a + h, x.b - a };
    return r;
}

/* x takes %xmm7 and %rdi; y goes on the stack. */
FFII after7d_FFII(double a, double b, double c, double d, double e, double f, double g, FFII x, float y)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c); show_dbl(" ", d);
    show_dbl(" ", e); show_dbl(" ", f); show_dbl(" ", g); show_FFII(" ", &x); show_dbl(" ", y);
    x.a += y;
    x.c += (int)g;
    return x;
}

/* No SSE register left: x goes wholly on the stack though %rdi is free, and i takes %rdi. */
DI after8d_DI(double a, double b, double c, double d, double e, double f, double g, double h, DI x, int i)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c); show_dbl(" ", d);
    show_dbl(" ", e); show_dbl(" ", f); show_dbl(" ", g); show_dbl(" ", h); show_DI(" ", &x); show_int(" ", i);
    DI r = { x.d + h, x.i + i };
    return r;
}

F2 after8d_F2(double a, double b, double c, double d, double e, double f, double g, double h, F2 x, I2 y, float z)
{
    enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c); show_dbl(" ", d);
    show_dbl(" ", e); show_dbl(" ", f); show_dbl(" ", g); show_dbl(" ", h);
    show_F2(" ", &x); show_I2(" ", &y); show_dbl(" ", z);
    F2 r = { x.a + y.a, x.b + z };
    return r;
}

/* ---- structs mixed with scalars ---- */

/* All in registers: six general, five SSE. */
DL mix_regs(double a, I2 x, float b, DL y, int c, FI z, double d, ID w, char e)
{
    enter(__func__); show_dbl(" ", a); show_I2(" ", &x); show_dbl(" ", b); show_DL(" ", &y);
    show_int(" ", c); show_FI(" ", &z); show_dbl(" ", d); show_ID(" ", &w); show_int(" ", e);
    DL r = { a + b + d + w.d, x.a + x.b + y.l + c + z.i + w.i + e };
    return r;
}

LD mix_sse(FAD a, long b, NEST c, F1 d, CD e, UFD f, UIF g, double h)
{
    enter(__func__); show_FAD(" ", &a); show_int(" ", b); show_NEST(" ", &c); show_F1(" ", &d);
    show_CD(" ", &e); show_UFD(" ", &f); show_UIF(" ", &g); show_dbl(" ", h);
    LD r = { b + c.q + e.c + g.i, a.d + c.p.a + d.a + e.d + f.d + h };
    return r;
}

/* a, b, c and d take %xmm0-6; e needs two SSE registers and goes on the
   stack, while g still takes %xmm7. */
NEST mix_spill(D2 a, D2 b, D2 c, LD d, F3 e, int f, ID g)
{
    enter(__func__); show_D2(" ", &a); show_D2(" ", &b); show_D2(" ", &c); show_LD(" ", &d);
    show_F3(" ", &e); show_int(" ", f); show_ID(" ", &g);
    NEST r = { { e.a + e.c, (float)g.d }, d.l + f + g.i };
    return r;
}

/* ---- several structs ---- */

L2 two_L2(L2 a, L2 b)
{
    enter(__func__); show_L2(" ", &a); show_L2(" ", &b);
    L2 r = { a.a - b.a, a.b - b.b };
    return r;
}

/* a, b and c fill the six general registers; d goes on the stack. */
L2 four_L2(L2 a, L2 b, L2 c, L2 d)
{
    enter(__func__); show_L2(" ", &a); show_L2(" ", &b); show_L2(" ", &c); show_L2(" ", &d);
    L2 r = { a.a + b.a + c.a + d.a, d.b - a.b };
    return r;
}

/* a-d fill the eight SSE registers; e goes on the stack. */
D2 five_D2(D2 a, D2 b, D2 c, D2 d, D2 e)
{
    enter(__func__); show_D2(" ", &a); show_D2(" ", &b); show_D2(" ", &c); show_D2(" ", &d); show_D2(" ", &e);
    D2 r = { a.a + e.a, d.b + e.b };
    return r;
}

ID three_mixed(DI a, ID b, FFII c)
{
    enter(__func__); show_DI(" ", &a); show_ID(" ", &b); show_FFII(" ", &c);
    ID r = { a.i + b.i + c.c + c.d, a.d + b.d + c.a + c.b };
    return r;
}

F3 small_ones(C1 a, S1 b, I1 c, C3 d, C5 e, C7 f, F1 g, F2 h, UIF i, UFI j)
{
    enter(__func__); show_C1(" ", &a); show_S1(" ", &b); show_I1(" ", &c); show_C3(" ", &d);
    show_C5(" ", &e); show_C7(" ", &f); show_F1(" ", &g); show_F2(" ", &h); show_UIF(" ", &i); show_UFI(" ", &j);
    F3 r = { g.a + h.a, h.b + j.f[0], (float)(a.a + b.a + c.a + d.a[2] + e.a[4] + f.a[6]) };
    return r;
}

/* ---- memory-class structs among register and stack arguments ---- */

L3 mem_mix(int a, L3 m, double b, D3 n, int c, I5 o, C17 p, long d)
{
    enter(__func__); show_int(" ", a); show_L3(" ", &m); show_dbl(" ", b); show_D3(" ", &n);
    show_int(" ", c); show_I5(" ", &o); show_C17(" ", &p); show_int(" ", d);
    L3 r = { m.a + a, m.b + o.a[4] + p.a[16], m.c + c + d };
    return r;
}

/* The hidden return pointer takes %rdi, so f and g go on the stack before big. */
BIG mem_stack(long a, long b, long c, long d, long e, long f, long g, BIG big, D4 q, int h)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_int(" ", f); show_int(" ", g); show_BIG(" ", &big); show_D4(" ", &q); show_int(" ", h);
    big.v[0] = (int)(a + g);
    big.v[23] = h;
    big.h = (short)q.d;
    return big;
}

D4 mem_regs(D4 x, L2 y, D2 z, PK w, int k)
{
    enter(__func__); show_D4(" ", &x); show_L2(" ", &y); show_D2(" ", &z); show_PK(" ", &w); show_int(" ", k);
    D4 r = { x.a + z.a, x.b + z.b, x.c + (double)y.a, x.d + w.i + k };
    return r;
}

/* ---- 16-aligned structs on the stack ---- */

/* s1 is the one stack argument before x, so x must skip a slot to be 16-aligned. */
A16 a32_odd(int a, int b, int c, int d, int e, int f, int s1, A32 x, int s2)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_int(" ", f); show_int(" ", s1); show_A32(" ", &x); show_int(" ", s2);
    A16 r = { x.a + x.c + s1, x.b + s2 };
    return r;
}

A16 a16_odd(long a, long b, long c, long d, long e, long f, int s1, int s2, int s3, A16 x, double g, A16 y, char s4)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_int(" ", f); show_int(" ", s1); show_int(" ", s2); show_int(" ", s3);
    show_A16(" ", &x); show_dbl(" ", g); show_A16(" ", &y); show_int(" ", s4);
    A16 r = { x.a + y.b + s1 + s3, x.b - y.a + s4 };
    return r;
}

/* Returned in memory; a and b take %rsi..%r8, c goes on the stack and k takes %r9. */
A32 a16_three(A16 a, A16 b, A16 c, int k)
{
    enter(__func__); show_A16(" ", &a); show_A16(" ", &b); show_A16(" ", &c); show_int(" ", k);
    A32 r = { a.a + b.b, c.a - k, c.b + a.b };
    return r;
}

/* ---- callbacks: the caller's functions called from here ---- */

DI apply_DI(DI (*fn)(ID, FI, int), ID a, FI b, int k)
{
    enter(__func__); show_ID(" ", &a); show_FI(" ", &b); show_int(" ", k);
    a.i += 1;
    b.f += 1;
    fputs(" | ", stdout);
    DI r = fn(a, b, k + 1);
    r.d *= 2;
    r.i -= 1;
    return r;
}

BIG apply_BIG(BIG (*fn)(L3, BIG, int), L3 a, BIG b, int k)
{
    enter(__func__); show_L3(" ", &a); show_BIG(" ", &b); show_int(" ", k);
    a.b += k;
    b.v[5] += k;
    fputs(" | ", stdout);
    BIG r = fn(a, b, k * 2);
    r.tag = (char)(r.tag + 1);
    return r;
}

F3 apply_F3(F3 (*fn)(D2, F3, F2), D2 a, F3 b, F2 c)
{
    enter(__func__); show_D2(" ", &a); show_F3(" ", &b); show_F2(" ", &c);
    fputs(" | ", stdout);
    F3 r = fn(a, b, c);
    r.c += 100;
    return r;
}

L2 apply_after5(L2 (*fn)(int, int, int, int, int, L2, int), L2 x, int k)
{
    enter(__func__); show_L2(" ", &x); show_int(" ", k);
    fputs(" | ", stdout);
    L2 r = fn(k, k + 1, k + 2, k + 3, k + 4, x, k + 5);
    r.a += 1;
    return r;
}

D2 apply_after7d(D2 (*fn)(double, double, double, double, double, double, double, D2, double), D2 x)
{
    enter(__func__); show_D2(" ", &x);
    fputs(" | ", stdout);
    D2 r = fn(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, x, 7.5);
    r.b -= 1;
    return r;
}

A16 apply_A32(A16 (*fn)(int, int, int, int, int, int, int, A32, int), A32 x)
{
    enter(__func__); show_A32(" ", &x);
    fputs(" | ", stdout);
    A16 r = fn(-1, -2, -3, -4, -5, -6, -7, x, -8);
    r.b *= 3;
    return r;
}

NEST apply_NEST(NEST (*fn)(NEST, BF, UFI, PK), NEST a, BF b, UFI c, PK d)
{
    enter(__func__); show_NEST(" ", &a); show_BF(" ", &b); show_UFI(" ", &c); show_PK(" ", &d);
    fputs(" | ", stdout);
    NEST r = fn(a, b, c, d);
    r.q += 1000;
    return r;
}

/* A callback that returns in memory and takes its argument from the stack. */
C17 apply_C17(C17 (*fn)(long, long, long, long, long, C13, H7), C13 x, H7 y)
{
    enter(__func__); show_C13(" ", &x); show_H7(" ", &y);
    fputs(" | ", stdout);
    C17 r = fn(10, 20, 30, 40, 50, x, y);
    r.a[0] = 99;
    return r;
}

long double ld_mix(long double a, int k, double d, long double b)
{
    enter(__func__); printf(" %.21Lg %d %.17g %.21Lg", a, k, d, b);
    return a * k + d - b;
}

LDS ld_struct(LDS s, int k, long double t)
{
    enter(__func__); printf(" %.21Lg %d %.21Lg", s.v, k, t);
    LDS r = { s.v / k + t };
    return r;
}

/* The long double follows one eightbyte of stack arguments, so it is
   preceded by eight bytes of padding. */
long double ld_after_stack(long a, long b, long c, long d, long e, long f, long g, long double x)
{
    enter(__func__); printf(" %ld %ld %.21Lg", a + b + c + d + e + f, g, x);
    return -x;
}

long double apply_ld(long double (*fn)(long double, int), long double x)
{
    enter(__func__); printf(" %.21Lg |", x);
    return fn(x, 3) + 1;
}

unsigned __int128 i128_mix(unsigned __int128 a, int k, __int128 b)
{
    enter(__func__); show_u128(" ", a); show_int(" ", k); show_u128(" ", b);
    return a * k + b;
}

/* Five registers are taken, so the __int128 goes to the stack and the
   long after it takes the last register. */
__int128 i128_last_register(long a, long b, long c, long d, long e, __int128 x, long f)
{
    enter(__func__); show_int(" ", a + b + c + d + e); show_u128(" ", x); show_int(" ", f);
    return x * f - a;
}

/* The __int128 follows one eightbyte of stack arguments, so it is
   preceded by eight bytes of padding. */
__int128 i128_after_stack(long a, long b, long c, long d, long e, long f, long g, __int128 x)
{
    enter(__func__); show_int(" ", a + b + c + d + e + f); show_int(" ", g); show_u128(" ", x);
    return -x >> 3;
}

Q1 i128_struct(Q1 q, Q2 r, int k)
{
    enter(__func__); show_u128(" ", q.v); show_int(" ", r.a); show_u128(" ", r.v); show_int(" ", k);
    Q1 out = { q.v / k + (__int128)r.v % 1000 };
    return out;
}

__int128 apply_i128(__int128 (*fn)(__int128, int), __int128 x)
{
    enter(__func__); show_u128(" ", x); printf(" |");
    return fn(x, 3) + 1;
}
