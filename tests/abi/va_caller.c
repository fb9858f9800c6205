/*
 * The caller side of the variadic tests: passes structs through `...`
 * so that some land in registers and some on the stack, and prints
 * what comes back, one line per call.
 */
#include <string.h>
#include "va_shapes.h"

static const I2 i2 = { 111, -222 };
static const L2 l2 = { 1000000000001L, -2000000000002L };
static const F2 f2 = { 1.25f, -2.5f };
static const D2 d2 = { 2.5, -1e10 };
static const DI di = { 3.25, 77 };
static const ID id = { -88, 9.5 };
static const FFII ffii = { 1.5f, 2.5f, -3, 4 };
static const F3 f3 = { 3.5f, -4.75f, 5.125f };
static const C13 c13 = { { 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42 } };
static const H7 h7 = { { -100, 200, -300, 400, -500, 600, -700 } };
static const L3 l3 = { 100000000000L, -200000000000L, 300000000000L };
static const A16 a16 = { -11111111111L, 22222222222L };
static const A32 a32 = { 7, -8, 9000000000L };
static const PK pk = { 'p', 0x0A0B0C0D };
static const UFI ufi = { .f = { 1.0f, -2.0f } };
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

/* A variadic function of the caller that hands its va_list to the callee. */
static void via_caller(const char *kinds, ...)
{
    va_list ap;
    va_start(ap, kinds);
    va_vshow(kinds, ap);
    va_end(ap);
}

/* A variadic function of the caller that the callee calls. */
static void cb_va(const char *kinds, ...)
{
    printf("%s: %s:", __func__, kinds);
    va_list ap;
    va_start(ap, kinds);
    show_va(kinds, ap);
    va_end(ap);
}

int main(void)
{
    /* Unbuffered, so that a crash still shows how far the calls got. */
    setvbuf(stdout, NULL, _IONBF, 0);
    fill_big();

    /* Everything in registers. */
    va_structs("aifbgd", i2, 5, f2, l2, d2, 0.5); endl();
    /* The third L2 does not fit in %r9 and goes on the stack; the I2 after it takes %r9. */
    {
        L2 a = { 1, 2 }, b = { 3, 4 }, c = { 5, 6 }, e = { 9, 10 };
        I2 d = { 7, 8 };
        va_structs("bbbab", a, b, c, d, e); endl();
    }
    /* The SSE registers run out: the fourth D2 and the F3 go on the stack, the double takes %xmm7. */
    {
        D2 a = { 0.5, 1.5 }, b = { 2.5, 3.5 }, c = { 4.5, 5.5 }, e = { 6.5, 7.5 };
        va_structs("gggmgtd", a, b, c, di, e, f3, -0.125); endl();
    }
    /* Memory-class structs, A32 16-aligned on the stack. */
    va_structs("lBiyxpc", l3, big, 7, a32, a16, pk, c13); endl();
    /* A16 on the stack after an odd number of stack slots. */
    va_structs("iiiiiixix", 1, 2, 3, 4, 5, 6, a16, 7, a16); endl();
    va_structs("nqmtdcifauh", id, ffii, di, f3, -1.5, c13, 3, f2, i2, ufi, h7); endl();

    va_twice("mgbtx", di, d2, l2, f3, a16); endl();
    {
        /* The second __int128 finds one register left and goes to the
           stack (16-aligned); the int after it takes that register. */
        unsigned __int128 q = ((unsigned __int128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
        va_structs("iQiiQiQ", 1, q, 2, 3, ~q, 4, q * 3); endl();
        va_twice("QdQ", q >> 1, 2.5, -q); endl();
    }
    via_caller("xqybn", a16, ffii, a32, l2, id); endl();

    {
        DI v[10];
        for (int i = 0; i < 10; i++) {
            v[i].d = 0.5 + i;
            v[i].i = 100 * (i + 1);
        }
        DI r = va_sum_DI(10, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
        show_DI(" => ", &r); endl();
    }
    {
        L3 a = { 1, 2, 3 }, b = { 4, 5, 6 }, d = { 10, 11, 12 };
        L3 r = va_pick_L3(2, 4, a, b, l3, d);
        show_L3(" => ", &r); endl();
    }
    { F3 r = va_after5(1, 2, 3, 4, 5, l2, 6, f3, a16); show_F3(" => ", &r); endl(); }
    va_call_back(cb_va); endl();
    return 0;
}
