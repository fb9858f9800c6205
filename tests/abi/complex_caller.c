/*
 * The caller side of the complex ABI pair: calls every function of
 * complex_callee.c with distinctive values and prints what comes back,
 * one line per call. Also calls libm's complex functions.
 */
#include "complex_shapes.h"

static double _Complex twice_plus(double _Complex z, float _Complex f)
{
    printf(" [twice_plus"); show_dz(" ", z); show_fz(" ", f); printf("]");
    return 2 * z + f;
}

int main(void)
{
    show_dz(" => ", pass_dz(1.5 - 2.25i, 3)); endl();
    show_fz(" => ", pass_fz(0.5f + 0.125fi, -7)); endl();
    show_dz(" => ", mixed_args(11, 3.0f - 1.0fi, 0.1, -4.5 + 6.0i, -12)); endl();
    show_dz(" => ", many_dz(1 + 2.0i, 3 + 4.0i, 5 + 6.0i, 7 + 8.0i, 9.5 - 10.5i)); endl();
    show_fz(" => ", many_fz(1, 2.0fi, 3 + 3.0fi, -4, 5.5f, 6.0fi, 7 - 7.0fi, 8, 9.25fi, 10 + 0.5fi)); endl();
    DZ dz = { 0.3 + 0.7i };
    show_dz(" => ", pass_DZ(dz).z); endl();
    FZ fz = { -1.75f + 2.5fi };
    show_fz(" => ", pass_FZ(fz).z); endl();
    IFZ ifz = { 41, 0.5f - 8.0fi };
    IFZ r = pass_IFZ(ifz);
    show_int(" => ", r.tag); show_fz(" ", r.z); endl();
    DZD dzd = { 6.0 + 9.0i, 3.0 };
    DZD q = pass_DZD(dzd);
    show_dz(" => ", q.a); show_double(" ", q.b); endl();
    show_dz(" => ", sum_va(3, 1.0 + 1.0i, -2.5 + 0.5i, 0.125 - 4.0i)); endl();
    show_ci(" => ", pass_ci(-3 + 4i, 300 - 200i, 70000 + 9i, -5000000000L + 1i, 0.5 - 0.25i)); endl();
    show_ci(" => ", pass_cl(123456789012L - 2i, 250 + 7i)); endl();
    show_dz(" => ", call_back(twice_plus, 1.0 - 1.0i)); endl();
    printf("libm:");
    /* Read through a volatile, so that gcc cannot fold the calls. */
    volatile double three = 3.0;
    double _Complex z = three + 4.0i;
    show_double(" ", cabs(z));
    show_double(" ", carg(z));
    show_dz(" ", csqrt(-4.0 / 3.0 * three + 0.0i));
    show_dz(" ", cexp(three / 6.0 + 1.0i));
    show_fz(" ", csqrtf(-three * three));
    show_dz(" ", cpow(z, 2.0));
    endl();
    return 0;
}
