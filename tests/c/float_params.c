#include <stdio.h>

static float fadd(float a, float b) { return a + b; }
static double dmix(float a, double b, float c) { return a * b + c; }
static float fmix(int i, float f, long l, double d) { return (float)(i + f + l + d); }
static void fout(float *o, float v) { *o = v * 2; }
static float favg(const float *v, int n) {
    float s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s / n;
}
static double dpoly(double x, const double *coef, int n) {
    double r = 0;
    for (int i = n - 1; i >= 0; i--) r = r * x + coef[i];
    return r;
}
static float identity(float f) { return f; }
static double promote(float f) { return f; }

int main(void) {
    printf("%.9g\n", fadd(0.1f, 0.2f));
    printf("%.9g\n", fadd(1e8f, 1.0f));
    printf("%.17g\n", dmix(0.1f, 0.1, 0.1f));
    printf("%.9g\n", fmix(1, 0.5f, 2L, 0.25));
    float o;
    fout(&o, 3.25f);
    printf("%g\n", o);
    float v[5] = {1.5f, 2.5f, 3.0f, 4.0f, 0.5f};
    printf("%g\n", favg(v, 5));
    double c[4] = {1, -2, 0.5, 0.25};
    printf("%g %g %g\n", dpoly(0, c, 4), dpoly(2, c, 4), dpoly(-1.5, c, 4));
    printf("%.9g %.17g\n", identity(1.0f / 3.0f), promote(1.0f / 3.0f));
    float x = 2.0f;
    double y = 2.0;
    printf("%d\n", identity(x) == y);
    int i = 16777217;
    printf("%.1f\n", identity((float)i));
    printf("%g\n", fadd(identity(1.25f), (float)promote(2.5f)));
    return 0;
}
