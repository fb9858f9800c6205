// inputs: 0 1 2 3  tags: float, function-pointer, counted-loop, numeric
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

typedef double (*realfn)(double);

/* Composite trapezoid rule; returns NAN-free 0 for a degenerate interval. */
double trapezoid(realfn f, double a, double b, int n)
{
    double h, s;
    int i;
    if (n <= 0 || a == b)
        return 0.0;
    h = (b - a) / n;
    s = 0.5 * (f(a) + f(b));
    for (i = 1; i < n; i++)
        s += f(a + i * h);
    return s * h;
}

static double sq(double x) { return x * x; }
static double cubic(double x) { return x * x * x - 2.0 * x + 1.0; }
static double recip(double x) { return 1.0 / x; }
static double gauss(double x) { return exp(-x * x); }

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("%.6f %.6f\n", trapezoid(sq, 1.0, 1.0, 10), trapezoid(sq, 0.0, 1.0, 0));
        break;
    case 1:
        printf("%.6f\n", trapezoid(sq, 0.0, 3.0, 6));
        printf("%.6f\n", trapezoid(cubic, -1.0, 2.0, 30));
        break;
    case 2: {
        realfn fs[3] = { sq, recip, cubic };
        int k, n;
        for (k = 0; k < 3; k++)
            for (n = 1; n <= 1000; n *= 10)
                printf("f%d n=%d: %.8f\n", k, n, trapezoid(fs[k], 1.0, 2.0, n));
        break;
    }
    case 3: {
        double r = trapezoid(gauss, -4.0, 4.0, 200000);
        double l = trapezoid(recip, 1.0, 2.718281828459045, 200000);
        printf("gauss=%.10f ln(e)=%.10f\n", r, l);
        break;
    }
    }
    return 0;
}
