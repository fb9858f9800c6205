#include <stdio.h>

int main(void) {
    double d = 3.14159265358979;
    float f = 2.71828f;
    printf("%f %f\n", d, f);
    printf("%.2f %.0f %.10f\n", d, d, d);
    printf("%e %E\n", d, 123456.789);
    printf("%g %g %g %g\n", d, 1e-5, 1e20, 100000.0);
    printf("%G\n", 1e-10);
    printf("%10.3f|%-10.3f|%+f\n", d, d, d);
    printf("%010.4f\n", -d);
    printf("%.3e\n", f);
    printf("%g\n", (double)f);
    printf("%a\n", 1.0);
    printf("%f %f\n", 0.0, -0.0);
    printf("%g %g\n", 1.0 / 3, 2.0 / 3);
    printf("%.17g\n", 0.1);
    printf("%.17g\n", (double)0.1f);
    printf("%.0e\n", 5e10);
    printf("%f %e %g\n", 1e300 * 10, -1e300 * 10, 1e308 * 10);
    float fs[4] = {0.5f, -1.25f, 1e10f, 1e-10f};
    for (int i = 0; i < 4; i++) printf("%g ", fs[i]);
    printf("\n");
    printf("%f %f %f %f %f %f %f %f %f %f\n", 1.0, 2.0f, 3.0, 4.0f, 5.0, 6.0f, 7.0, 8.0f, 9.0, 10.0f);
    printf("%d %f %d %f %d %f\n", 1, 1.5, 2, 2.5f, 3, 3.5);
    printf("%s=%g, %c=%e\n", "x", 0.001, 'y', 12345.0);
    double vals[] = {1, 12.5, 123.25, 1234.125, 12345.0625};
    for (int i = 0; i < 5; i++) printf("[%8.2f]", vals[i]);
    printf("\n");
    printf("%.*f\n", 3, d);
    printf("%*.*f|\n", 12, 4, d);
    printf("%.15g\n", 1e15 + 0.3);
    printf("%g\n", 123456789.0);
    printf("%g\n", 0.0001234);
    printf("%.3g\n", 0.0001234);
    return 0;
}
