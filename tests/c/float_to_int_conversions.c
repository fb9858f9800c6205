/* Conversions of floating values to every integer type, also of values
 * the type cannot represent (undefined, C11 6.3.1.4p1), as gcc's x86-64
 * code computes them: `cvttsd2si`'s minimum for a NaN or an out-of-range
 * signed result, an `unsigned int` as the low half of a 64-bit
 * conversion (so `(unsigned)-2.5` is 4294967294), an `unsigned long`
 * above 2^63 converted from `x - 2^63`. The values are volatile, so that
 * no compiler folds the conversions. */
#include <stdio.h>
#include <math.h>
int main(void) {
    static volatile double v[] = { -2.5, 2.5, 0.0, -0.9, 1e10, -1e10, 3e9, 4294967295.0, 4294967296.5, -4294967296.0,
                   9.3e18, 1.8e19, 2e19, -1e19, 9223372036854775807.0, -9223372036854775808.0, NAN, -NAN, INFINITY, -INFINITY, 200.7, -129.5, 65535.9, 70000.2 };
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        double x = v[i];
        float f = (float)v[i];
        printf("%g: %d %u %ld %lu %d %u %d %u | %d %u %ld %lu %d %u\n", x,
               (int)x, (unsigned)x, (long)x, (unsigned long)x,
               (signed char)x, (unsigned char)x, (short)x, (unsigned short)x,
               (int)f, (unsigned)f, (long)f, (unsigned long)f, (signed char)f, (unsigned char)f);
    }
    return 0;
}
