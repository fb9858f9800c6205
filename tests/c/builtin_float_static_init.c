/* glibc's `INFINITY`, `HUGE_VAL` and `NAN` expand to calls of
 * `__builtin_inff`, `__builtin_huge_val` and `__builtin_nanf`, which are
 * constants in static initializers too (QuickJS's property tables hold
 * `-INFINITY` and `NAN`). */
#include <math.h>
#include <stdio.h>

struct prop { const char *name; union { int i; double d; } u; };

static const struct prop props[] = {
    {"nan", {.d = NAN}},
    {"neg_inf", {.d = -INFINITY}},
    {"inf", {.d = INFINITY}},
    {"huge", {.d = HUGE_VAL}},
};
static double values[] = {-HUGE_VAL, -NAN, HUGE_VALF, 1.0 / 0.0};
static float neg_inf_f = -INFINITY;
static long double huge_l = HUGE_VALL;

int main(void) {
    for (unsigned i = 0; i < sizeof props / sizeof props[0]; i++)
        printf("%s %g %d %d\n", props[i].name, props[i].u.d, isnan(props[i].u.d) != 0, isinf(props[i].u.d));
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
        printf("%g %d\n", values[i], signbit(values[i]) != 0);
    printf("%g %Lg %d\n", neg_inf_f, huge_l, isinf(-huge_l));
    return 0;
}
