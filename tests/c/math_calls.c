#include <stdio.h>
#include <math.h>
#include <stdlib.h>

int main(void) {
    printf("%.6f %.6f %.6f\n", sqrt(2.0), sqrt(144.0), sqrt(0.25));
    printf("%g %g %g\n", fabs(-3.5), fabs(2.0), fabs(-0.0));
    printf("%g %g %g %g\n", floor(2.7), floor(-2.7), ceil(2.1), ceil(-2.1));
    printf("%g %g\n", round(2.5), round(-2.5));
    printf("%g %g\n", trunc(3.9), trunc(-3.9));
    printf("%g %g\n", fmod(10.5, 3.0), fmod(-10.5, 3.0));
    printf("%.6f %.6f\n", pow(2.0, 10.0), pow(9.0, 0.5));
    printf("%.6f %.6f %.6f\n", sin(0.0), cos(0.0), sin(1.0));
    printf("%.6f %.6f\n", exp(1.0), log(10.0));
    printf("%.6f %.6f\n", log10(1000.0), log2(8.0));
    printf("%.6f %.6f\n", atan2(1.0, 1.0), atan(1.0) * 4);
    printf("%.6f\n", hypot(3.0, 4.0));
    printf("%g %g\n", fmin(1.5, -2.5), fmax(1.5, -2.5));
    printf("%.4f\n", sqrtf(2.0f));
    printf("%g\n", fabsf(-1.25f));
    printf("%g\n", floorf(-0.5f));
    printf("%d %d %d\n", abs(-5), abs(5), abs(0));
    printf("%ld %lld\n", labs(-1234567890123L), llabs(-99LL));
    double x = 10.0;
    for (int i = 0; i < 5; i++) x = sqrt(x) + 1.0;
    printf("%.10f\n", x);
    double acc = 0;
    for (int i = 1; i <= 100; i++) acc += 1.0 / (i * sqrt((double)i));
    printf("%.8f\n", acc);
    int n = 1000;
    printf("%d\n", (int)floor(sqrt((double)n)));
    printf("%d\n", (int)ceil(log2((double)n)));
    printf("%g\n", copysign(3.0, -1.0));
    return 0;
}
