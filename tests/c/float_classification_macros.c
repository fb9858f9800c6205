/* <math.h>'s fpclassify, isnormal and the quiet comparison macros
   (isgreater, isless, islessgreater, isunordered...), which glibc expands
   to GCC builtins, on float, double and long double values, and
   <tgmath.h>'s type-generic functions (__builtin_tgmath). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <tgmath.h>

static const char *name(int class) {
    switch (class) {
    case FP_NAN: return "nan";
    case FP_INFINITE: return "inf";
    case FP_ZERO: return "zero";
    case FP_SUBNORMAL: return "subnormal";
    case FP_NORMAL: return "normal";
    }
    return "?";
}

int main(void) {
    double d[] = { 0.0, -0.0, 1.0, -2.5, DBL_MIN, DBL_MIN / 4, -DBL_MIN / 2, DBL_MAX, -DBL_MAX, HUGE_VAL, -INFINITY, NAN };
    for (int i = 0; i < 12; i++)
        printf("double %g: %s %d\n", d[i], name(fpclassify(d[i])), isnormal(d[i]) != 0);
    float f[] = { 0.0f, FLT_MIN, FLT_MIN / 8, FLT_MAX, -FLT_MAX, INFINITY, NAN, 3.0f };
    for (int i = 0; i < 8; i++)
        printf("float %g: %s %d\n", f[i], name(fpclassify(f[i])), isnormal(f[i]) != 0);
    long double l[] = { 0.0L, LDBL_MIN, LDBL_MIN / 16, LDBL_MAX, -LDBL_MAX, -INFINITY, NAN, -7.0L, (long double)DBL_MAX * 4 };
    for (int i = 0; i < 9; i++)
        printf("long double %Lg: %s %d\n", l[i], name(fpclassify(l[i])), isnormal(l[i]) != 0);
    double x[] = { 1.0, 2.0, NAN };
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            printf("%g %g: %d %d %d %d %d %d\n", x[i], x[j], isgreater(x[i], x[j]), isgreaterequal(x[i], x[j]), isless(x[i], x[j]),
                   islessequal(x[i], x[j]), islessgreater(x[i], x[j]), isunordered(x[i], x[j]));
    printf("%d %d %d\n", isless(1.5f, 2), isgreater(3.0L, 2.5), isunordered(1, 2.0f));

    float ff = 2.0f;
    double dd = 2.0;
    long double ll = 2.0L;
    int ii = 4;
    printf("%zu %zu %zu %zu %zu\n", sizeof(sqrt(ff)), sizeof(sqrt(dd)), sizeof(sqrt(ll)), sizeof(sqrt(ii)), sizeof(pow(ff, ll)));
    printf("%.6f %.6f %.6Lf %.6f %g %g\n", sqrt(ff), pow(dd, 0.5), exp(ll), fabs(-3.0f), fmax(ff, 3), floor(-1.5));
    return 0;
}
