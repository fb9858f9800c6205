/* Invalid operations folded in static initializers (0/0, inf - inf, inf * 0) give a positive NaN, as GCC's folding does, in float, double and long double, while the same operations at run time give the x86 unit's negative NaN; NaN operands keep their sign. */
#include <stdio.h>
static double s1 = 0.0 / 0.0, s2 = -(0.0 / 0.0), s3 = (1e308 * 10) - (1e308 * 10), s5 = __builtin_nan("") * -1, s6 = -__builtin_nan("") + 1;
static float s4 = 0.0f / 0.0f;
static long double t1 = 0.0L / 0.0L, t2 = -(0.0L / 0.0L), t3 = __builtin_infl() - __builtin_infl();
int main(void) {
    double l1 = 0.0 / 0.0, l2 = (1e308 * 10) * 0; float l3 = 0.0f / 0.0f; long double l4 = 0.0L / 0.0L;
    printf("%g %g %g %g %g %g | %Lg %Lg %Lg | %g %g %g %Lg\n", s1, s2, s3, s4, s5, s6, t1, t2, t3, l1, l2, l3, l4);
    return 0;
}
