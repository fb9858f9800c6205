#include <stdio.h>

static double poly(double x) { return ((2.0 * x - 3.0) * x + 5.0) * x - 7.0; }

static double newton_sqrt(double v) {
    double x = v;
    for (int i = 0; i < 30; i++) x = 0.5 * (x + v / x);
    return x;
}

int main(void) {
    double a = 10.5, b = -3.25;
    printf("%f %f %f %f\n", a + b, a - b, a * b, a / b);
    printf("%.17g\n", 0.1 + 0.2);
    printf("%.17g\n", 1.0 / 3.0);
    printf("%.17g\n", 2.0 / 3.0 * 3.0);
    for (int i = -2; i <= 2; i++) printf("%g ", poly(i));
    printf("\n");
    printf("%.15f\n", newton_sqrt(2.0));
    printf("%.15f\n", newton_sqrt(1e10));
    double h = 0.0;
    for (int i = 1; i <= 1000; i++) h += 1.0 / i;
    printf("%.15f\n", h);
    double e = 1.0, term = 1.0;
    for (int i = 1; i < 20; i++) { term /= i; e += term; }
    printf("%.15f\n", e);
    double pi = 0.0;
    for (int k = 0; k < 10000; k++) pi += (k % 2 ? -4.0 : 4.0) / (2 * k + 1);
    printf("%.12f\n", pi);
    double big = 1e308;
    printf("%g\n", big * 10);
    printf("%g\n", -big * 10);
    printf("%g\n", 1e-308 / 1e10);
    double z = 0.0;
    printf("%g\n", -z);
    double x = 5.0;
    x += 2.5; printf("%g ", x);
    x -= 10; printf("%g ", x);
    x *= -4; printf("%g ", x);
    x /= 8; printf("%g\n", x);
    double y = x++;
    printf("%g %g\n", y, x);
    y = --x;
    printf("%g %g\n", y, x);
    double m[3] = {1.5, 2.5, 3.5};
    double dot = 0;
    for (int i = 0; i < 3; i++) dot += m[i] * m[2 - i];
    printf("%g\n", dot);
    int n = 3;
    long l = 4;
    float f = 0.5f;
    double mix = n * f + l / 8 + l / 8.0;
    printf("%g\n", mix);
    printf("%g\n", !z ? 1.0 : 2.0);
    printf("%d %d\n", z == 0, a && b);
    printf("%.17g\n", 9007199254740993.0);
    printf("%.17g\n", 123456789.123456789 * 1000.0);
    return 0;
}
