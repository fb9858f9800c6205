/*
 * The callee side of the variadic tests: functions that read structs
 * with va_arg, from the register save area and from the stack.
 */
#include "va_shapes.h"

void va_structs(const char *kinds, ...)
{
    enter(__func__); printf(" %s:", kinds);
    va_list ap;
    va_start(ap, kinds);
    show_va(kinds, ap);
    va_end(ap);
}

/* Reads the arguments twice, through a copy of the va_list. */
void va_twice(const char *kinds, ...)
{
    enter(__func__); printf(" %s:", kinds);
    va_list ap, again;
    va_start(ap, kinds);
    va_copy(again, ap);
    show_va(kinds, ap);
    fputs(" |", stdout);
    show_va(kinds, again);
    va_end(again);
    va_end(ap);
}

/* Called by the caller's own variadic function with its va_list. */
void va_vshow(const char *kinds, va_list ap)
{
    enter(__func__); printf(" %s:", kinds);
    show_va(kinds, ap);
}

DI va_sum_DI(int n, ...)
{
    enter(__func__); show_int(" ", n);
    DI r = { 0, 0 };
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        DI v = va_arg(ap, DI);
        show_DI(" ", &v);
        r.d += v.d * (i + 1);
        r.i += v.i * (i + 1);
    }
    va_end(ap);
    return r;
}

/* Returned in memory: the hidden pointer takes %rdi. */
L3 va_pick_L3(int which, int n, ...)
{
    enter(__func__); show_int(" ", which); show_int(" ", n);
    L3 r = { 0, 0, 0 };
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        L3 v = va_arg(ap, L3);
        show_L3(" ", &v);
        if (i == which)
            r = v;
    }
    va_end(ap);
    r.b += which;
    return r;
}

/* One general register left for the variadic part. */
F3 va_after5(int a, int b, int c, int d, int e, ...)
{
    enter(__func__); show_int(" ", a); show_int(" ", b); show_int(" ", c); show_int(" ", d); show_int(" ", e);
    va_list ap;
    va_start(ap, e);
    L2 x = va_arg(ap, L2);   /* does not fit in %r9: on the stack */
    int f = va_arg(ap, int); /* takes %r9 */
    F3 y = va_arg(ap, F3);
    A16 z = va_arg(ap, A16);
    va_end(ap);
    show_L2(" ", &x); show_int(" ", f); show_F3(" ", &y); show_A16(" ", &z);
    F3 r = { y.a + f, y.b + (float)x.b, y.c + (float)z.a };
    return r;
}

/* Calls the caller's variadic function with structs: c needs two general
   registers but only %r9 is left, so it goes on the stack, as do l and the
   last g (the SSE registers are all taken by then). */
void va_call_back(void (*fn)(const char *kinds, ...))
{
    enter(__func__);
    I2 a = { 5, -6 };
    D2 g = { 0.25, -0.75 };
    DI m = { 1.125, 9 };
    L3 l = { 7, 8, 9 };
    A16 x = { -70, 80 };
    F3 t = { 1, 2, 3 };
    C13 c = { { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 } };
    fputs(" | ", stdout);
    fn("agmlxtcdgg", a, g, m, l, x, t, c, 2.5, g, g);
}
