/* Float vs double semantics: single-precision rounding, conversions, special values. */
#include <stdio.h>
#include <math.h>
#include <float.h>
#include <stdint.h>
#include <string.h>

static float fadd(float a, float b) { return a + b; }
static float fmuladd(float a, float b, float c) { return a * b + c; }
static double dmix(float f, double d, int i, long long ll, unsigned u) { return f * d + i - ll / 3 + u; }

static float harmonic_f(int n) { float s = 0.0f; for (int i = 1; i <= n; i++) s += 1.0f / (float)i; return s; }
static double harmonic_d(int n) { double s = 0.0; for (int i = 1; i <= n; i++) s += 1.0 / i; return s; }

static uint32_t float_bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static uint64_t double_bits(double d) { uint64_t u; memcpy(&u, &d, sizeof u); return u; }

struct Vec3 { float x, y, z; };
static float dot(const struct Vec3 *a, const struct Vec3 *b) { return a->x * b->x + a->y * b->y + a->z * b->z; }

int main(void) {
    float big = 16777216.0f;
    float r1 = big + 1.0f;
    printf("16777216f + 1f = %.1f (bits %08x)\n", r1, float_bits(r1));
    printf("fadd = %.1f\n", fadd(big, 1.0f));
    float third = 1.0f / 3.0f;
    printf("1/3f = %.10f bits=%08x\n", third, float_bits(third));
    printf("1/3  = %.17f bits=%016llx\n", 1.0 / 3.0, (unsigned long long)double_bits(1.0 / 3.0));
    printf("fmuladd(0.1,0.2,0.3) = %.9g\n", fmuladd(0.1f, 0.2f, 0.3f));
    printf("0.1f*3 == 0.3f: %d, 0.1*3 == 0.3: %d\n", 0.1f * 3 == 0.3f, 0.1 * 3 == 0.3);
    printf("harmonic float(1000)=%.7f double=%.15f\n", harmonic_f(1000), harmonic_d(1000));
    printf("dmix=%.6f\n", dmix(1.5f, 2.25, -3, 100LL, 7u));

    double vals[] = { 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 2147483647.9, -2147483648.9, 1e10, -1e10, 4294967295.5, 9.2e18, 1.8e19 };
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        double v = vals[i];
        printf("%-16.1f", v);
        if (v > -2147483649.0 && v < 2147483648.0) printf(" int=%d", (int)v); else printf(" int=--");
        if (v > -1.0 && v < 4294967296.0) printf(" uint=%u", (unsigned)v); else printf(" uint=--");
        if (v > -9.3e18 && v < 9.2e18) printf(" ll=%lld", (long long)v); else printf(" ll=--");
        if (v > -1.0 && v < 1.8446744073709552e19) printf(" ull=%llu", (unsigned long long)v); else printf(" ull=--");
        printf(" floor=%g ceil=%g round=%g trunc=%g rint=%g\n", floor(v), ceil(v), round(v), trunc(v), rint(v));
    }
    unsigned long long uvals[] = { 0, 1, 9007199254740993ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL, 0x8000000000000401ULL };
    for (size_t i = 0; i < sizeof uvals / sizeof *uvals; i++)
        printf("u64 %20llu -> double %.1f float %.1f\n", uvals[i], (double)uvals[i], (double)(float)uvals[i]);
    long long svals[] = { -1, -9007199254740993LL, (-0x7fffffffffffffffLL - 1), 0x7fffffffffffffffLL };
    for (size_t i = 0; i < sizeof svals / sizeof *svals; i++)
        printf("s64 %20lld -> double %.1f float %.1f\n", svals[i], (double)svals[i], (double)(float)svals[i]);
    unsigned uv = 4294967295u;
    printf("u32 max -> float %.1f double %.1f\n", (float)uv, (double)uv);

    double inf = HUGE_VAL, nan_ = nan("");
    printf("inf=%f -inf=%f nan is nan: %d  nan==nan: %d  nan!=nan: %d nan<1: %d nan>=1: %d\n", inf, -inf, isnan(nan_) != 0,
           nan_ == nan_, nan_ != nan_, nan_ < 1.0, nan_ >= 1.0);
    printf("signbit(-0.0)=%d 1/-0.0=%f copysign=%g\n", signbit(-0.0) != 0, 1.0 / -0.0, copysign(3.0, -0.0));
    printf("FLT_MAX=%g FLT_MIN=%g FLT_EPSILON=%g DBL_DIG=%d FLT_DIG=%d\n", FLT_MAX, FLT_MIN, FLT_EPSILON, DBL_DIG, FLT_DIG);
    float fmax = FLT_MAX;
    float over = fmax * 2.0f;
    printf("FLT_MAX*2 = %f isinf=%d\n", over, isinf(over) != 0);
    float tiny = FLT_MIN / 4.0f;
    printf("FLT_MIN/4 = %g bits=%08x\n", tiny, float_bits(tiny));
    double d = 0.1;
    float f = (float)d;
    double back = f;
    printf("(double)(float)0.1 = %.17g diff=%.3g\n", back, back - d);

    struct Vec3 a = { 1.5f, -2.0f, 0.25f }, b = { 4.0f, 0.5f, -8.0f };
    printf("dot=%g\n", dot(&a, &b));
    float acc = 0.0f;
    for (int i = 0; i < 100; i++) acc += 0.01f;
    printf("sum 0.01f x100 = %.9g\n", acc);
    double dacc = 0.0;
    for (int i = 0; i < 100; i++) dacc += 0.01;
    printf("sum 0.01 x100 = %.17g\n", dacc);
    float fa = 1e-8f, fb = 1.0f;
    printf("(1 + 1e-8f) - 1 = %g\n", (fb + fa) - fb);
    printf("fmod(-7.5,2)=%g remainder=%g fabsf=%g sqrtf(2)=%.9g powf=%.9g\n", fmod(-7.5, 2.0), remainder(-7.5, 2.0),
           fabsf(-3.5f), sqrtf(2.0f), powf(2.0f, 0.5f));
    int e;
    double mant = frexp(1234.5, &e);
    printf("frexp(1234.5) = %g * 2^%d, ldexp back = %g\n", mant, e, ldexp(mant, e));
    double ip;
    double fp = modf(-3.75, &ip);
    printf("modf(-3.75) = %g + %g\n", ip, fp);
    printf("cmp float/double: %d %d %d\n", 0.1f == 0.1, (float)0.1 == 0.1f, 0.5f == 0.5);
    char c = (char)65.9;
    short s = (short)-32768.7;
    unsigned char ucv = (unsigned char)255.9f;
    printf("char=%c short=%d uchar=%d\n", c, s, ucv);
    _Bool bz = 0.0, bh = 0.5, bn = -0.0;
    printf("bool(0.0)=%d bool(0.5)=%d bool(-0.0)=%d\n", bz, bh, bn);
    return 0;
}
