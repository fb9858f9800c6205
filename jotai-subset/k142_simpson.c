// inputs: 0 1 2 3  tags: double, stride-loop, counted-loop, function-pointer, early-return
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Composite Simpson's rule with n intervals (n even) of f over [a, b];
   odd and even interior points summed by two stride-2 loops.  Returns NAN-free result;
   *status = -1 when n is invalid. */
double simpson(double (*f)(double), double a, double b, long n, int *status)
{
    if (n <= 0 || n % 2 != 0) {
        *status = -1;
        return 0.0;
    }
    *status = 0;
    double h = (b - a) / (double)n;
    double s_odd = 0.0, s_even = 0.0;
    for (long i = 1; i < n; i += 2)
        s_odd += f(a + h * (double)i);
    for (long i = 2; i < n; i += 2)
        s_even += f(a + h * (double)i);
    return h / 3.0 * (f(a) + f(b) + 4.0 * s_odd + 2.0 * s_even);
}

static double poly(double x) { return x * x * x - 2.0 * x + 1.0; }
static double semicircle(double x) { double v = 1.0 - x * x; return v > 0.0 ? sqrt(v) : 0.0; }
static double runge(double x) { return 1.0 / (1.0 + 25.0 * x * x); }

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    int st;
    double r;
    switch (opt) {
    case 0:
        r = simpson(poly, 0.0, 1.0, 3, &st);
        printf("odd n: st=%d r=%.6f\n", st, r);
        r = simpson(poly, 0.0, 1.0, 0, &st);
        printf("zero n: st=%d r=%.6f\n", st, r);
        break;
    case 1:
        r = simpson(poly, 0.0, 2.0, 2, &st);
        printf("cubic exact: st=%d r=%.10f\n", st, r);
        r = simpson(runge, -1.0, 1.0, 10, &st);
        printf("runge n=10: %.10f\n", r);
        break;
    case 2:
        r = simpson(semicircle, -1.0, 1.0, 1000, &st);
        printf("pi/2 approx: %.10f\n", r);
        break;
    case 3: {
        double acc = 0.0;
        for (long n = 2; n <= 2048; n *= 2) {
            r = simpson(semicircle, -1.0, 1.0, n, &st);
            acc += r;
            printf("n=%ld r=%.12f\n", n, r);
        }
        r = simpson(runge, -1.0, 1.0, 40000, &st);
        printf("runge fine: %.12f acc=%.9f\n", r, acc);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
