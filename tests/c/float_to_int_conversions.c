/* Conversions of floating values to every integer type, also of values
 * the type cannot represent (undefined, C11 6.3.1.4p1), as gcc's x86-64
 * code computes them: `cvttsd2si`'s minimum for a NaN or an out-of-range
 * signed result, an `unsigned int` as the low half of a 64-bit
 * conversion (so `(unsigned)-2.5` is 4294967294), an `unsigned long`
 * above 2^63 converted from `x - 2^63`. The values are volatile, so that
 * no compiler folds the conversions. A conversion of a constant is
 * folded, as gcc folds it: a NaN is 0 and a value out of range the type's
 * nearest limit, in code and in a static initializer. */
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
    printf("%d %d %u %d %u %d %u\n", (int)2147483648.0f, (int)(float)2147483647, (unsigned)-2.5, (signed char)300.0,
           (unsigned char)300.0, (short)-1e9, (unsigned short)70000.2);
    printf("%ld %lu %lu %d %d %lld\n", (long)1e30, (unsigned long)-1.0, (unsigned long)2e19, (int)NAN, (int)-INFINITY,
           (long long)-9.3e18);
    printf("%d %d\n", (int)(float)16777217, (int)-2.9);
    static int folded = (int)3e10;
    static unsigned char folded_byte = (unsigned char)-7.5;
    printf("%d %u\n", folded, folded_byte);
    return 0;
}
