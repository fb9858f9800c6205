/* TS 18661-3 types and the suffixes of their constants (`1.5f32`,
   `2.5f64`, `0x1p-3f32x`), which GCC accepts in C11 mode: `_Float32` is
   `float`'s format, `_Float64` and `_Float32x` are `double`'s. */
#include <stdio.h>

static _Float32 third = 1.0f32 / 3;
static const _Float64 table[] = { 2.5f64, -0.125F64, 0x1p-3f32x, 1e300f64 };

static _Float32 halve(_Float32 x) { return x * 0.5f32; }

int main(void) {
    _Float32x sum = 0;
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        sum += table[i] / 1e299F32x;
    printf("%.9g %.17g\n", (double)third, (double)sum);
    printf("%zu %zu %zu\n", sizeof 1.0f32, sizeof 1.0f64, sizeof 1.0f32x);
    printf("%.9g\n", (double)halve(3.0f32));
    printf("%d\n", 0.1f32 == 0.1f && 0.1f64 == 0.1);
    return 0;
}
