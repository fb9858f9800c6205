/* A NaN computed from numbers in a static initializer (`0.0 / 0.0`,
 * `INFINITY * 0`) is positive, as GCC folds it, although the x86 unit's
 * default NaN is negative; negating it gives `-nan`. At run time the
 * unit's NaN is what both compilers give. */
#include <math.h>
#include <stdio.h>

static double quotient = 0.0 / 0.0;
static double negated = -(0.0 / 0.0);
static float single = 0.0f / 0.0f;
static double product = INFINITY * 0.0;
static double difference = HUGE_VAL - HUGE_VAL;
static double table[] = {1.0, 0.0 / 0.0, -1.0};

int main(void) {
    volatile double zero = 0.0;
    double at_run_time = zero / zero;
    printf("%f %f %f %f %f %f\n", quotient, negated, single, product, difference, table[1]);
    printf("%d %d %f\n", signbit(quotient) != 0, signbit(negated) != 0, at_run_time);
    return 0;
}
