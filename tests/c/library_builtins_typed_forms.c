/* The float and long double forms of the <math.h> builtins
 * (__builtin_fabsf, __builtin_ceill…), the typed classification builtins
 * (__builtin_isnanf, __builtin_finite, __builtin_signbitl), in a unit
 * that includes no <math.h>: GCC knows their prototypes. */
#include <stdio.h>
int main(void) {
    float f = -2.25f; double d = 2.5; long double l = -1.5L; int e;
    printf("%g %g %g %g %g\n", __builtin_fabsf(f), __builtin_sqrtf(2.0f), __builtin_copysignf(1.0f, f), __builtin_fmaxf(1.0f, 2.0f), __builtin_expf(1.0f));
    double m = __builtin_frexp(8.0, &e);
    printf("%ld %lld %g %g %d\n", __builtin_lround(d), __builtin_llround(-d), __builtin_ldexpf(1.0f, 3), m, e);
    printf("%Lg %Lg %g\n", __builtin_fabsl(l), __builtin_ceill(l), __builtin_floor(d));
    printf("%d %d %d %d %d\n", __builtin_isnanf(f), __builtin_isinff(1.0f / 0.0f), __builtin_finite(d), __builtin_signbitf(f) != 0, __builtin_signbitl(l) != 0);
    return 0;
}
