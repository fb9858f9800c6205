// inputs: 0 1 2 3  tags: float, while-loop, series, range-reduction, multi-exit
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* exp(x) via range reduction (halve until |x| < 0.5) plus a Taylor series
 * that stops when the term is negligible. Returns the terms used. */
int exp_series(double x, double *out)
{
    int halvings = 0, k = 1;
    double term = 1.0, sum = 1.0;
    if (x > 700.0) {
        *out = 1e308; /* saturate */
        return 0;
    }
    if (x < -700.0) {
        *out = 0.0;
        return 0;
    }
    while (fabs(x) >= 0.5) {
        x /= 2.0;
        halvings++;
    }
    while (k < 60) {
        term *= x / k;
        sum += term;
        if (fabs(term) < 1e-17 * fabs(sum))
            break;
        k++;
    }
    while (halvings-- > 0)
        sum *= sum;
    *out = sum;
    return k;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    double r = 0.0;
    int t, i;
    switch (opt) {
    case 0:
        t = exp_series(800.0, &r);
        printf("t=%d saturated=%d\n", t, r >= 1e308);
        t = exp_series(-1000.0, &r);
        printf("t=%d r=%g\n", t, r);
        break;
    case 1:
        t = exp_series(0.0, &r);
        printf("t=%d r=%.15f\n", t, r);
        t = exp_series(1.0, &r);
        printf("t=%d r=%.12f\n", t, r);
        break;
    case 2:
        t = exp_series(-5.5, &r);
        printf("t=%d r=%.10e\n", t, r);
        t = exp_series(20.25, &r);
        printf("t=%d r=%.10e\n", t, r);
        break;
    case 3: {
        double acc = 0.0;
        int terms = 0;
        for (i = -300; i <= 300; i++) {
            terms += exp_series(i / 30.0, &r);
            acc += r;
        }
        printf("terms=%d acc=%.6e\n", terms, acc);
        break;
    }
    }
    return 0;
}
