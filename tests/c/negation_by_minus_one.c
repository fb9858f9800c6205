/* gcc folds a product with, or a quotient by, the constant -1.0 into a
 * negation, at every -O, so the sign of a NaN flips (`-nan`), where
 * `mulsd` and `divsd` would keep the NaN's own sign. A variable that
 * holds -1.0 is multiplied. */
#include <math.h>
#include <stdio.h>

double id(double x) { return x; }

int main(void) {
    double n = id(NAN), z = id(0.0), two = id(2.0);
    float nf = (float)id(NAN);
    double minus_one = id(-1.0);
    printf("%f %f %f %f\n", n * -1.0, -1.0 * n, n / -1.0, z * -1.0);
    printf("%f %f %f %f\n", nf * -1.0f, nf * -1.0, n * -1, n / -1);
    printf("%f %f %f\n", n * minus_one, n * 1.0, two * -1.0);
    double m = n;
    m *= -1.0;
    printf("%f %d %d\n", m, signbit(n * -1.0) != 0, signbit(-(n * -1.0)) != 0);
    return 0;
}
