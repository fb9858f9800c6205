/* <math.h>: classification macros (isnan, isinf, fpclassify, signbit...) on float, double and long double, and the common functions of libm. */
#include <math.h>
#include <stdio.h>
#include <float.h>

static const char *cls(int c) {
    switch (c) { case FP_NAN: return "nan"; case FP_INFINITE: return "inf"; case FP_ZERO: return "zero"; case FP_SUBNORMAL: return "sub"; case FP_NORMAL: return "norm"; }
    return "?";
}
int main(void) {
    double vals[] = {0.0, -0.0, 1.0, -2.5, HUGE_VAL, -HUGE_VAL, NAN, DBL_MIN / 4, DBL_MAX, INFINITY};
    for (int i = 0; i < 10; i++) {
        double v = vals[i];
        printf("%g: nan=%d inf=%d fin=%d norm=%d sign=%d cls=%s\n", v, isnan(v) != 0, isinf(v) != 0, isfinite(v) != 0, isnormal(v) != 0, signbit(v) != 0, cls(fpclassify(v)));
    }
    float fv[] = {0.0f, -1.5f, NAN, INFINITY, FLT_MIN / 2};
    for (int i = 0; i < 5; i++) printf("f %g: nan=%d inf=%d sign=%d cls=%s\n", fv[i], isnan(fv[i]) != 0, isinf(fv[i]) != 0, signbit(fv[i]) != 0, cls(fpclassify(fv[i])));
    long double lv[] = {0.0L, -3.0L, NAN, -INFINITY};
    for (int i = 0; i < 4; i++) printf("l %Lg: nan=%d inf=%d sign=%d cls=%s\n", lv[i], isnan(lv[i]) != 0, isinf(lv[i]) != 0, signbit(lv[i]) != 0, cls(fpclassify(lv[i])));
    printf("%.6f %.6f %.6f %.6f\n", sqrt(2.0), sin(1.0), cos(1.0), tan(0.5));
    printf("%.6f %.6f %.6f %.6f\n", exp(1.0), log(10.0), log10(1000.0), log2(8.0));
    printf("%.6f %.6f %.6f\n", pow(2.0, 10.5), atan2(1.0, -1.0), hypot(3.0, 4.0));
    printf("%g %g %g %g\n", floor(-2.5), ceil(-2.5), round(-2.5), trunc(-2.7));
    printf("%g %g %ld %lld\n", fmod(-7.5, 2.0), remainder(7.5, 2.0), lround(2.5), llround(-3.5));
    printf("%g %g %g\n", fabs(-3.0), fmax(1.0, NAN), fmin(-1.0, 2.0));
    printf("%g %g\n", copysign(3.0, -0.0), nextafter(1.0, 2.0) - 1.0);
    int e; double fr = frexp(48.0, &e); printf("%g %d %g\n", fr, e, ldexp(0.75, 6));
    double ip; double fp = modf(-3.75, &ip); printf("%g %g\n", fp, ip);
    printf("%.4f %.4f %.4f\n", sqrtf(2.0f), sinf(0.5f), powf(1.5f, 2.0f));
    printf("%.6Lf %.6Lf\n", sqrtl(2.0L), expl(1.0L));
    printf("%g %g %g\n", cbrt(27.0), expm1(1e-10), log1p(1e-10));
    printf("%g %g %g\n", asin(1.0), acos(0.0), atan(1.0));
    printf("%g %g %g\n", sinh(1.0), cosh(1.0), tanh(1.0));
    printf("%g %g\n", erf(0.5), tgamma(5.0));
    printf("%d %d %d\n", isgreater(1.0, 2.0), isless(1.0, 2.0), isunordered(NAN, 1.0));
    printf("%g %g\n", rint(2.5), nearbyint(3.5));
    printf("%g\n", fma(2.0, 3.0, 1.0));
    printf("%d\n", ilogb(1024.0));
    printf("M_PI %.10f\n", M_PI);
    return 0;
}
