// inputs: 0 1 2 3  tags: down-count, double, counted-loop, nested-loop, numeric
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Evaluate p(x) and p'(x) by Horner's rule for coefficients c[0..deg] (c[deg] is the
   leading coefficient) at each x in xs; then take one Newton step per point.
   Returns index of the point with smallest |p(x)| (-1 if npts == 0). */
int horner_eval(const double *c, int deg, const double *xs, int npts, double *pv, double *dv, double *newton)
{
    int best = -1;
    double bestv = 0.0;
    for (int k = 0; k < npts; k++) {
        double x = xs[k];
        double p = c[deg];
        double d = 0.0;
        for (int i = deg - 1; i >= 0; i--) {
            d = d * x + p;
            p = p * x + c[i];
        }
        pv[k] = p;
        dv[k] = d;
        newton[k] = (d != 0.0) ? x - p / d : x;
        if (best < 0 || fabs(p) < bestv) {
            best = k;
            bestv = fabs(p);
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double c[1] = {3.0}, xs[1] = {0.0}, pv[1], dv[1], nw[1];
        int b = horner_eval(c, 0, xs, 0, pv, dv, nw);
        printf("best=%d\n", b);
        b = horner_eval(c, 0, xs, 1, pv, dv, nw);
        printf("best=%d p=%.3f d=%.3f newton=%.3f\n", b, pv[0], dv[0], nw[0]);
        break;
    }
    case 1: {
        double c[4] = {-6.0, 11.0, -6.0, 1.0}; /* (x-1)(x-2)(x-3) */
        double xs[6] = {0.0, 0.9, 1.5, 2.2, 3.0, 4.0}, pv[6], dv[6], nw[6];
        int b = horner_eval(c, 3, xs, 6, pv, dv, nw);
        printf("best=%d\n", b);
        for (int i = 0; i < 6; i++) printf("x=%.2f p=%.5f d=%.5f newton=%.5f\n", xs[i], pv[i], dv[i], nw[i]);
        break;
    }
    case 2: {
        double c[3] = {1.0, 0.0, 1.0}; /* x^2+1, derivative zero at 0 */
        double xs[3] = {0.0, 1.0, -2.0}, pv[3], dv[3], nw[3];
        int b = horner_eval(c, 2, xs, 3, pv, dv, nw);
        printf("best=%d\n", b);
        for (int i = 0; i < 3; i++) printf("x=%.2f p=%.5f d=%.5f newton=%.5f\n", xs[i], pv[i], dv[i], nw[i]);
        break;
    }
    case 3: {
        int deg = 12, n = 3000;
        double c[13];
        for (int i = 0; i <= deg; i++) c[i] = ((i * 5) % 7 - 3) / (double)(i + 1);
        double *xs = malloc((size_t)n * sizeof *xs);
        double *pv = malloc((size_t)n * sizeof *pv);
        double *dv = malloc((size_t)n * sizeof *dv);
        double *nw = malloc((size_t)n * sizeof *nw);
        for (int i = 0; i < n; i++) xs[i] = -1.5 + 3.0 * i / (n - 1);
        int b = horner_eval(c, deg, xs, n, pv, dv, nw);
        double sp = 0.0, sd = 0.0;
        for (int i = 0; i < n; i++) { sp += pv[i]; sd += dv[i]; }
        printf("best=%d x=%.6f p=%.3e sum_p=%.6f sum_d=%.6f newton=%.6f\n", b, xs[b], pv[b], sp, sd, nw[b]);
        free(xs); free(pv); free(dv); free(nw);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
