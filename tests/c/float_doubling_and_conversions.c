/* Doubling a double, in a loop and on its own, for the values where x + x
 * and x * 2.0 could differ if either were computed wrongly (signed zeros,
 * infinities, NaNs, the largest finite value, subnormals), and unsigned
 * 64-bit integers converted to double, shifted right first so that they
 * cannot be negative, and not shifted, so that the sign bit is set. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

static double twice(double x) { return 2.0 * x; }
static double twice_right(double x) { return x * 2.0; }

int main(void)
{
    double values[] = {0.0, -0.0, 1.5, -3.25, INFINITY, -INFINITY, NAN, 1.7976931348623157e308,
                       4.9406564584124654e-324, -2.2250738585072014e-308, 0.1};
    int n = (int)(sizeof values / sizeof values[0]);
    double acc = 1.0;
    for (int i = 0; i < n; i++) {
        double a = twice(values[i]), b = twice_right(values[i]);
        printf("%d: %a %a sign %d %d nan %d\n", i, a, b, signbit(a) != 0, signbit(b) != 0, isnan(a) != 0);
        if (!isnan(a) && !isinf(a))
            acc = 2.0 * acc + a * 0.5;
    }
    printf("acc %a\n", acc);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    double sum = 0.0, big = 0.0;
    for (int i = 0; i < 1000; i++) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        uint64_t r = x * 2685821657736338717ull;
        sum += (double)(r >> 11) * (1.0 / 9007199254740992.0);
        big += (double)r;
        sum += (double)(r & 0x1FFFFFull) * (1.0 / 2097152.0);
    }
    printf("sum %a big %a\n", sum, big);
    uint64_t edges[] = {0, 1, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFF800ull};
    for (int i = 0; i < 6; i++)
        printf("%a %a %a\n", (double)edges[i], (double)(edges[i] >> 1), (double)(edges[i] >> 11));
    return 0;
}
