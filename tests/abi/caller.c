/*
 * The caller side: calls every function of callee.c with distinctive
 * values and prints what comes back, one line per call (the callee
 * starts the line with its name and arguments, the caller ends it with
 * " => " and the result). Also calls the glibc functions that take or
 * return structs by value.
 */
#include <arpa/inet.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "shapes.h"

static const C1 c1 = { -5 };
static const S1 s1 = { -1234 };
static const I1 i1 = { -123456789 };
static const C3 c3 = { { 1, 2, 3 } };
static const C5 c5 = { { 10, 11, 12, 13, 14 } };
static const C7 c7 = { { 20, 21, 22, 23, 24, 25, 26 } };
static const I2 i2 = { 111, -222 };
static const L1 l1 = { 0x123456789abL };
static const FI fi = { 1.5f, -7 };
static const L2 l2 = { 1000000000001L, -2000000000002L };
static const I3 i3 = { 31, -32, 33 };
static const C13 c13 = { { 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42 } };
static const H7 h7 = { { -100, 200, -300, 400, -500, 600, -700 } };
static const F1 f1 = { 0.75f };
static const F2 f2 = { 1.25f, -2.5f };
static const F3 f3 = { 3.5f, -4.75f, 5.125f };
static const D1 d1 = { 0.1 };
static const D2 d2 = { 2.5, -1e10 };
static const FAD fad = { { 0.5f, -0.25f }, 6.0625 };
static const DI di = { 3.25, 77 };
static const ID id = { -88, 9.5 };
static const LD ld = { -99999999999L, 0.001 };
static const DL dl = { 1e100, 123 };
static const FFII ffii = { 1.5f, 2.5f, -3, 4 };
static const CD cd = { 'x', -0.5 };
static const NEST nest = { { 7.5f, 8.5f }, -9 };
static const BF bf = { 5, 4321, 703710, -7 };
static const UIF uif = { .i = 0x12345678 };
static const UDL udl = { .l = -0x0102030405060708L };
static const UFI ufi = { .f = { 1.0f, -2.0f } };
static const UFD ufd = { .d = 2.75 };
static const C17 c17 = { { 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66 } };
static const L3 l3 = { 100000000000L, -200000000000L, 300000000000L };
static const D3 d3 = { { 0.125, -1e-5, 1e300 } };
static const I5 i5 = { { 5, -10, 15, -20, 25 } };
static const D4 d4 = { -1.75, 2.5e-3, 3e8, 4.125 };
static const PK pk = { 'p', 0x0A0B0C0D };
static const A16 a16 = { -11111111111L, 22222222222L };
static const A32 a32 = { 7, -8, 9000000000L };
static BIG big;

static void fill_big(void)
{
    memset(&big, 0, sizeof big);
    big.h = -300;
    big.c = 9;
    big.tag = 'T';
    for (int i = 0; i < 24; i++)
        big.v[i] = i * 1000 - 7;
}

static void one_shape(void)
{
    { C1 r = pass_C1(c1, 3); show_C1(" => ", &r); endl(); }
    { S1 r = pass_S1(s1, 3); show_S1(" => ", &r); endl(); }
    { I1 r = pass_I1(i1, 3); show_I1(" => ", &r); endl(); }
    { C3 r = pass_C3(c3, 3); show_C3(" => ", &r); endl(); }
    { C5 r = pass_C5(c5, 3); show_C5(" => ", &r); endl(); }
    { C7 r = pass_C7(c7, 3); show_C7(" => ", &r); endl(); }
    { I2 r = pass_I2(i2, 3); show_I2(" => ", &r); endl(); }
    { L1 r = pass_L1(l1, 3); show_L1(" => ", &r); endl(); }
    { P1 x = { "hello, world" }; P1 r = pass_P1(x, 7); show_P1(" => ", &r); endl(); }
    { FI r = pass_FI(fi, 3); show_FI(" => ", &r); endl(); }
    { L2 r = pass_L2(l2, 3); show_L2(" => ", &r); endl(); }
    { I3 r = pass_I3(i3, 3); show_I3(" => ", &r); endl(); }
    { C13 r = pass_C13(c13, 3); show_C13(" => ", &r); endl(); }
    { H7 r = pass_H7(h7, 3); show_H7(" => ", &r); endl(); }
    { F1 r = pass_F1(f1, 3); show_F1(" => ", &r); endl(); }
    { F2 r = pass_F2(f2, 3); show_F2(" => ", &r); endl(); }
    { F3 r = pass_F3(f3, 3); show_F3(" => ", &r); endl(); }
    { D1 r = pass_D1(d1, 3); show_D1(" => ", &r); endl(); }
    { D2 r = pass_D2(d2, 3); show_D2(" => ", &r); endl(); }
    { FAD r = pass_FAD(fad, 3); show_FAD(" => ", &r); endl(); }
    { DI r = pass_DI(di, 3); show_DI(" => ", &r); endl(); }
    { ID r = pass_ID(id, 3); show_ID(" => ", &r); endl(); }
    { LD r = pass_LD(ld, 3); show_LD(" => ", &r); endl(); }
    { DL r = pass_DL(dl, 3); show_DL(" => ", &r); endl(); }
    { FFII r = pass_FFII(ffii, 3); show_FFII(" => ", &r); endl(); }
    { CD r = pass_CD(cd, 3); show_CD(" => ", &r); endl(); }
    { NEST r = pass_NEST(nest, 3); show_NEST(" => ", &r); endl(); }
    { BF r = pass_BF(bf, 3); show_BF(" => ", &r); endl(); }
    { UIF r = pass_UIF(uif, 3); show_UIF(" => ", &r); endl(); }
    { UDL r = pass_UDL(udl, 3); show_UDL(" => ", &r); endl(); }
    { UFI r = pass_UFI(ufi, 3); show_UFI(" => ", &r); endl(); }
    { UFD r = pass_UFD(ufd, 3); show_UFD(" => ", &r); endl(); }
    { C17 r = pass_C17(c17, 3); show_C17(" => ", &r); endl(); }
    { L3 r = pass_L3(l3, 3); show_L3(" => ", &r); endl(); }
    { D3 r = pass_D3(d3, 3); show_D3(" => ", &r); endl(); }
    { I5 r = pass_I5(i5, 3); show_I5(" => ", &r); endl(); }
    { D4 r = pass_D4(d4, 3); show_D4(" => ", &r); endl(); }
    { BIG r = pass_BIG(big, 3); show_BIG(" => ", &r); endl(); }
    { PK r = pass_PK(pk, 3); show_PK(" => ", &r); endl(); }
    { A16 r = pass_A16(a16, 3); show_A16(" => ", &r); endl(); }
    { A32 r = pass_A32(a32, 3); show_A32(" => ", &r); endl(); }
}

static void made(void)
{
    { C1 r = make_C1(-99); show_C1(" => ", &r); endl(); }
    { S1 r = make_S1(31000); show_S1(" => ", &r); endl(); }
    { C7 r = make_C7(70); show_C7(" => ", &r); endl(); }
    { I2 r = make_I2(-40000, 50000); show_I2(" => ", &r); endl(); }
    { FI r = make_FI(-0.125f, 2024); show_FI(" => ", &r); endl(); }
    { I3 r = make_I3(7, -8, 9); show_I3(" => ", &r); endl(); }
    { C13 r = make_C13(100); show_C13(" => ", &r); endl(); }
    { F1 r = make_F1(1e-3f); show_F1(" => ", &r); endl(); }
    { F2 r = make_F2(65504.0f, -1.0f / 3); show_F2(" => ", &r); endl(); }
    { F3 r = make_F3(1.0f, 2.0f, -3.0f); show_F3(" => ", &r); endl(); }
    { D2 r = make_D2(-0.0, 1.0 / 3); show_D2(" => ", &r); endl(); }
    { DI r = make_DI(2.0 / 3, -31); show_DI(" => ", &r); endl(); }
    { ID r = make_ID(32, -1e-7); show_ID(" => ", &r); endl(); }
    { FFII r = make_FFII(11, 12.5f, 13, 14.5f); show_FFII(" => ", &r); endl(); }
    { NEST r = make_NEST(-123456789012L, 0.5f, 1.5f); show_NEST(" => ", &r); endl(); }
    { BF r = make_BF(6, 8191, 1048575, INT_MIN); show_BF(" => ", &r); endl(); }
    { UFI r = make_UFI(3.0f, -4.0f); show_UFI(" => ", &r); endl(); }
    { L3 r = make_L3(1, 20, 300, 4000, 50000, 600000); show_L3(" => ", &r); endl(); }
    { D4 r = make_D4(1.0, -2.0, 0.5, 1e-10); show_D4(" => ", &r); endl(); }
    { BIG r = make_BIG(-2, 'B', 'Z', 1000); show_BIG(" => ", &r); endl(); }
    { PK r = make_PK('k', -42); show_PK(" => ", &r); endl(); }
    { A16 r = make_A16(LONG_MIN, LONG_MAX); show_A16(" => ", &r); endl(); }
    { A32 r = make_A32(-1, -2, -3); show_A32(" => ", &r); endl(); }
}

static void call_shapes(void)
{
    { L2 r = last_L2(-1, 2.5, 3, 4.5f, l2); show_L2(" => ", &r); endl(); }
    { DL r = last_DL('a', -300, 0.25, dl); show_DL(" => ", &r); endl(); }
    { F3 r = last_F3(-8.0, 0.5f, 6, f3); show_F3(" => ", &r); endl(); }

    { L2 r = after5_L2(1, 2, 3, 4, 5, l2, 6); show_L2(" => ", &r); endl(); }
    { I3 r = after5_I3(-1, -2, -3, -4, -5, i3, -6); show_I3(" => ", &r); endl(); }
    { C13 r = after5_C13('A', 'B', 'C', 'D', 'E', c13, 'F'); show_C13(" => ", &r); endl(); }
    { H7 r = after5_H7(10, 20, 30, 40, 50, h7, 60); show_H7(" => ", &r); endl(); }
    { BF r = after5_BF(11, 12, 13, 14, 15, bf, 3); show_BF(" => ", &r); endl(); }
    { DI r = after5_DI(21, 22, 23, 24, 25, di, 26); show_DI(" => ", &r); endl(); }
    { A16 r = after5_A16(31, 32, 33, 34, 35, a16, 36); show_A16(" => ", &r); endl(); }
    { D2 r = after6_L1(41, 42, 43, 44, 45, 46, l1, d2, 47); show_D2(" => ", &r); endl(); }

    { D2 r = after7d_D2(1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, d2, 8.5); show_D2(" => ", &r); endl(); }
    { FFII r = after7d_FFII(-1.5, -2.5, -3.5, -4.5, -5.5, -6.5, -7.5, ffii, 0.25f); show_FFII(" => ", &r); endl(); }
    { DI r = after8d_DI(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, di, 9); show_DI(" => ", &r); endl(); }
    { F2 r = after8d_F2(10, 20, 30, 40, 50, 60, 70, 80, f2, i2, -0.75f); show_F2(" => ", &r); endl(); }

    { DL r = mix_regs(0.5, i2, 1.5f, dl, 77, fi, -2.25, id, 'z'); show_DL(" => ", &r); endl(); }
    { LD r = mix_sse(fad, 555, nest, f1, cd, ufd, uif, 1e-3); show_LD(" => ", &r); endl(); }
    {
        D2 a = { 1, 2 }, b = { 3, 4 }, c = { 5, 6 };
        NEST r = mix_spill(a, b, c, ld, f3, -66, id);
        show_NEST(" => ", &r); endl();
    }

    {
        L2 b = { 7, 8 };
        L2 r = two_L2(l2, b);
        show_L2(" => ", &r); endl();
    }
    {
        L2 a = { 1, 2 }, b = { 3, 4 }, c = { 5, 6 }, d = { 7, 8 };
        L2 r = four_L2(a, b, c, d);
        show_L2(" => ", &r); endl();
    }
    {
        D2 a = { 0.5, 1.5 }, b = { 2.5, 3.5 }, c = { 4.5, 5.5 }, d = { 6.5, 7.5 }, e = { 8.5, 9.5 };
        D2 r = five_D2(a, b, c, d, e);
        show_D2(" => ", &r); endl();
    }
    { ID r = three_mixed(di, id, ffii); show_ID(" => ", &r); endl(); }
    { F3 r = small_ones(c1, s1, i1, c3, c5, c7, f1, f2, uif, ufi); show_F3(" => ", &r); endl(); }

    { L3 r = mem_mix(-3, l3, 6.25, d3, 4, i5, c17, 1L << 40); show_L3(" => ", &r); endl(); }
    { BIG r = mem_stack(1, 2, 3, 4, 5, 6, 7, big, d4, 8); show_BIG(" => ", &r); endl(); }
    { D4 r = mem_regs(d4, l2, d2, pk, 5); show_D4(" => ", &r); endl(); }

    { A16 r = a32_odd(1, 2, 3, 4, 5, 6, 7, a32, 18); show_A16(" => ", &r); endl(); }
    { A16 b = { 5, 6 }; A16 r = a16_odd(1, 2, 3, 4, 5, 6, 7, 8, 9, a16, 0.5, b, 'q'); show_A16(" => ", &r); endl(); }
    {
        A16 b = { 3, 4 }, c = { 5, 6 };
        A32 r = a16_three(a16, b, c, 99);
        show_A32(" => ", &r); endl();
    }
}

/* ---- callbacks that callee.c calls ---- */

static void cb_enter(const char *name) { printf("%s:", name); }

static DI cb_DI(ID a, FI b, int k)
{
    cb_enter(__func__); show_ID(" ", &a); show_FI(" ", &b); show_int(" ", k);
    DI r = { a.d + b.f, a.i * k + b.i };
    return r;
}

static BIG cb_BIG(L3 a, BIG b, int k)
{
    cb_enter(__func__); show_L3(" ", &a); show_BIG(" ", &b); show_int(" ", k);
    b.v[0] = (int)a.a;
    b.v[1] = (int)a.b;
    b.v[2] = (int)a.c;
    b.h = (short)(b.h + k);
    return b;
}

static F3 cb_F3(D2 a, F3 b, F2 c)
{
    cb_enter(__func__); show_D2(" ", &a); show_F3(" ", &b); show_F2(" ", &c);
    F3 r = { (float)a.a + c.a, (float)a.b + c.b, b.a + b.b + b.c };
    return r;
}

static L2 cb_after5(int a, int b, int c, int d, int e, L2 x, int f)
{
    cb_enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_L2(" ", &x); show_int(" ", f);
    L2 r = { x.a * 2 + a, x.b + e + f };
    return r;
}

static D2 cb_after7d(double a, double b, double c, double d, double e, double f, double g, D2 x, double h)
{
    cb_enter(__func__); show_dbl(" ", a); show_dbl(" ", b); show_dbl(" ", c); show_dbl(" ", d);
    show_dbl(" ", e); show_dbl(" ", f); show_dbl(" ", g); show_D2(" ", &x); show_dbl(" ", h);
    D2 r = { x.a + a + g, x.b + h };
    return r;
}

static A16 cb_A32(int a, int b, int c, int d, int e, int f, int g, A32 x, int h)
{
    cb_enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_int(" ", f); show_int(" ", g); show_A32(" ", &x); show_int(" ", h);
    A16 r = { x.a + x.b + x.c, a + b + c + d + e + f + g + h };
    return r;
}

static NEST cb_NEST(NEST a, BF b, UFI c, PK d)
{
    cb_enter(__func__); show_NEST(" ", &a); show_BF(" ", &b); show_UFI(" ", &c); show_PK(" ", &d);
    NEST r = { { a.p.b + c.f[0], a.p.a + c.f[1] }, a.q + b.c + b.d + d.i };
    return r;
}

static C17 cb_C17(long a, long b, long c, long d, long e, C13 x, H7 y)
{
    cb_enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d);
    show_int(" ", e); show_C13(" ", &x); show_H7(" ", &y);
    C17 r;
    for (int i = 0; i < 13; i++)
        r.a[i] = x.a[i];
    r.a[13] = (char)a;
    r.a[14] = (char)e;
    r.a[15] = (char)(y.a[0] / 100);
    r.a[16] = (char)(y.a[6] / 100);
    return r;
}

static void callbacks(void)
{
    { DI r = apply_DI(cb_DI, id, fi, 4); show_DI(" => ", &r); endl(); }
    {
        L3 a = { 10, -20, 30 };
        BIG r = apply_BIG(cb_BIG, a, big, 6);
        show_BIG(" => ", &r); endl();
    }
    { F3 r = apply_F3(cb_F3, d2, f3, f2); show_F3(" => ", &r); endl(); }
    { L2 r = apply_after5(cb_after5, l2, 100); show_L2(" => ", &r); endl(); }
    /* The callee's own function, called through a pointer the caller took. */
    { L2 r = apply_after5(after5_L2, l2, 200); show_L2(" => ", &r); endl(); }
    { D2 r = apply_after7d(cb_after7d, d2); show_D2(" => ", &r); endl(); }
    { A16 r = apply_A32(cb_A32, a32); show_A16(" => ", &r); endl(); }
    { NEST r = apply_NEST(cb_NEST, nest, bf, ufi, pk); show_NEST(" => ", &r); endl(); }
    { C17 r = apply_C17(cb_C17, c13, h7); show_C17(" => ", &r); endl(); }
}

/* ---- glibc's functions with structs by value ---- */

static void libc(void)
{
    div_t d = div(17, 5);
    printf("div: 17 5 => {%d,%d}\n", d.quot, d.rem);
    d = div(-17, 5);
    printf("div: -17 5 => {%d,%d}\n", d.quot, d.rem);
    ldiv_t l = ldiv(-1234567890123L, 1000);
    printf("ldiv: -1234567890123 1000 => {%ld,%ld}\n", l.quot, l.rem);
    lldiv_t ll = lldiv(LLONG_MAX, -10);
    printf("lldiv: LLONG_MAX -10 => {%lld,%lld}\n", ll.quot, ll.rem);

    struct in_addr a;
    a.s_addr = htonl(0xC0A80102);
    printf("inet_ntoa: %#x => %s\n", (unsigned)a.s_addr, inet_ntoa(a));
    a = inet_makeaddr(10, 0x010203);
    printf("inet_makeaddr: 10 0x010203 => %s\n", inet_ntoa(a));
}

static long double cb_ld(long double x, int k)
{
    printf(" cb_ld %.21Lg %d", x, k);
    return x / k;
}

static void long_doubles(void)
{
    long double third = 1.0L / 3;
    { long double r = ld_mix(third, 7, 0.1, -2.5L); printf(" => %.21Lg", r); endl(); }
    { LDS s = { 1e-300L * 1e-300L }; LDS r = ld_struct(s, 3, third); printf(" => %.21Lg", r.v); endl(); }
    { long double r = ld_after_stack(1, 2, 3, 4, 5, 6, 7, third); printf(" => %.21Lg", r); endl(); }
    { long double r = apply_ld(cb_ld, 10.0L); printf(" => %.21Lg", r); endl(); }
}

static __int128 cb_i128(__int128 x, int k)
{
    printf(" cb_i128"); show_u128(" ", x); show_int(" ", k);
    return x * k;
}

static void int128s(void)
{
    unsigned __int128 big = ((unsigned __int128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
    __int128 negative = -(__int128)big;
    { unsigned __int128 r = i128_mix(big, -3, negative); show_u128(" => ", r); endl(); }
    { __int128 r = i128_last_register(1, 2, 3, 4, 5, negative, -7); show_u128(" => ", r); endl(); }
    { __int128 r = i128_after_stack(1, 2, 3, 4, 5, 6, 7, negative); show_u128(" => ", r); endl(); }
    { Q1 q = { negative }; Q2 r2 = { -42, big }; Q1 r = i128_struct(q, r2, 9); show_u128(" => ", r.v); endl(); }
    { __int128 r = apply_i128(cb_i128, big); show_u128(" => ", r); endl(); }
}

int main(void)
{
    /* Unbuffered, so that a crash still shows how far the calls got. */
    setvbuf(stdout, NULL, _IONBF, 0);
    fill_big();
    one_shape();
    made();
    call_shapes();
    callbacks();
    libc();
    long_doubles();
    int128s();
    return 0;
}
