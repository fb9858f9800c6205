/* The SSE scalar conversions to integers of <xmmintrin.h> and
   <emmintrin.h>: libvorbis's os.h, under __SSE2_MATH__ (which GCC's
   preprocessor defines on x86-64, and nissecc keeps), rounds with
   _mm_cvtsd_si32(_mm_load_sd(&f)), whose __builtin_ia32_cvtsd2si was an
   unsupported builtin. They take the low element, round it to nearest
   even (the default rounding mode) or, for the cvtt ones, truncate, and
   give the integer indefinite (INT_MIN, LLONG_MIN) for NaN and for
   results out of range. */
#include <emmintrin.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>

static int ftoi(double f) { return _mm_cvtsd_si32(_mm_load_sd(&f)); }
static int ftoi_trunc(double f) { return _mm_cvttsd_si32(_mm_set_sd(f)); }
static long long ftoll(double f) { return _mm_cvtsd_si64(_mm_set_sd(f)); }
static long long ftoll_trunc(double f) { return _mm_cvttsd_si64(_mm_set_sd(f)); }
static int fltoi(float f) { return _mm_cvtss_si32(_mm_set_ss(f)); }
static int fltoi_trunc(float f) { return _mm_cvttss_si32(_mm_set_ss(f)); }
static long long fltoll(float f) { return _mm_cvtss_si64(_mm_set_ss(f)); }
static long long fltoll_trunc(float f) { return _mm_cvttss_si64(_mm_set_ss(f)); }

int main(void) {
    volatile double inputs[] = {0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.7, -3.7, 1e9, -1e9,
                                2147483647.0, 2147483647.4, 2147483647.5, 2147483648.0, -2147483648.0,
                                -2147483648.5, -2147483648.6, -2147483649.0, 9.2e18, 9.3e18, -9.2233720368547758e18,
                                -9.3e18, 1e300, -1e300, INFINITY, -INFINITY, NAN, 4503599627370497.0};
    int n = sizeof inputs / sizeof inputs[0];
    for (int i = 0; i < n; i++) {
        double d = inputs[i];
        float f = (float)d;
        printf("%-24.17g %11d %11d %20lld %20lld | %11d %11d %20lld %20lld\n", d, ftoi(d), ftoi_trunc(d), ftoll(d),
               ftoll_trunc(d), fltoi(f), fltoi_trunc(f), fltoll(f), fltoll_trunc(f));
    }
    /* The rounding mode in force rounds the cvt ones. */
    fesetround(FE_UPWARD);
    printf("upward: %d %d %lld\n", ftoi(inputs[3]), ftoi(inputs[6]), ftoll(inputs[8]));
    fesetround(FE_TOWARDZERO);
    printf("toward zero: %d %d %d\n", ftoi(inputs[8]), ftoi(inputs[9]), fltoi(2.75f));
    fesetround(FE_TONEAREST);
    /* vorbis_ftoi's use: scaling samples to 16 bits. */
    long sum = 0;
    for (int i = 0; i < 1000; i++) {
        double sample = sin(i * 0.01) * 32767.5;
        sum += ftoi(sample) * (i % 7 + 1);
    }
    printf("sum %ld\n", sum);
    return 0;
}
