/* <math.h>'s NAN, INFINITY and HUGE_VAL (and their f and l forms), which expand to GCC builtins, in static initializers of scalars, arrays and structs. */
#include <stdio.h>
#include <math.h>
static double x = NAN, y = INFINITY, z = HUGE_VAL, w = -HUGE_VAL;
static float fx = NAN, fy = -INFINITY, fz = HUGE_VALF;
static long double lz = HUGE_VALL;
static const double table[] = { 1.0, NAN, INFINITY, -INFINITY };
struct lim { double lo, hi; } lims = { -INFINITY, INFINITY };
int main(void) { printf("%g %g %g %g %g %g %g %Lg %g %g %g %g\n", x, y, z, w, fx, fy, fz, lz, table[1], table[3], lims.lo, lims.hi); return 0; }
