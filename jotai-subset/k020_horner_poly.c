// inputs: 0 1 2  tags: float, down-count, numeric, polynomial
#include <stdio.h>
#include <stdlib.h>

/* Evaluates c[0] + c[1] x + ... + c[deg] x^deg by Horner's rule. */
double horner(const double *c, int deg, double x)
{
    double r;
    int i;
    if (deg < 0)
        return 0.0;
    r = c[deg];
    for (i = deg - 1; i >= 0; i--)
        r = r * x + c[i];
    return r;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double c[1] = { 3.0 };
        printf("%.6f %.6f\n", horner(c, -1, 2.0), horner(c, 0, 2.0));
        break;
    }
    case 1: {
        double c[4] = { -6.0, 11.0, -6.0, 1.0 }; /* (x-1)(x-2)(x-3) */
        double x;
        for (x = 0.0; x <= 4.0; x += 0.5)
            printf("p(%.1f)=%.4f\n", x, horner(c, 3, x));
        break;
    }
    case 2: {
        /* Taylor polynomial of exp, tabulated over many points */
        double c[16];
        double f = 1.0, sum = 0.0;
        int i;
        for (i = 0; i < 16; i++) {
            if (i > 0)
                f *= i;
            c[i] = 1.0 / f;
        }
        for (i = 0; i < 100000; i++) {
            double x = -2.0 + 4.0 * i / 100000.0;
            sum += horner(c, 15, x);
        }
        printf("sum=%.6f e=%.12f\n", sum, horner(c, 15, 1.0));
        break;
    }
    }
    return 0;
}
