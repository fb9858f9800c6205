/* float, double and long double values of 0.1, mixed-precision arguments and LDBL_MAX. */
#include <stdio.h>
#include <float.h>
#include <math.h>

static float ff(float a, double b, long double c, int d) { return a + b + c + d; }
static long double ldops(long double a, long double b) { return a * b - a / b; }
int main(void) {
    float f = 0.1f; double d = 0.1; long double ld = 0.1L;
    printf("%.20f %.20f %.20Lf\n", f, d, ld);
    printf("%d %d\n", f == d, (double)f == (float)d);
    printf("%g\n", ff(1.5f, 2.25, 3.125L, 4));
    printf("%.15Lg\n", ldops(3.0L, 7.0L));
    long double big = LDBL_MAX; printf("%Lg %d\n", big, isinf((double)big) != 0);
    printf("%Lg\n", (long double)18446744073709551615ULL);
    return 0;
}
