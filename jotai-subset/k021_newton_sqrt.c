// inputs: 0 1 2 3  tags: float, newton-iteration, while-loop, multi-exit, early-return
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Newton iteration for sqrt; returns iterations used, -1 for invalid input. */
int newton_sqrt(double x, double tol, double *out)
{
    double g;
    int it = 0;
    if (x < 0.0) {
        *out = -1.0;
        return -1;
    }
    if (x == 0.0 || x == 1.0) {
        *out = x;
        return 0;
    }
    g = x > 1.0 ? x / 2.0 : 1.0;
    while (1) {
        double next = 0.5 * (g + x / g);
        it++;
        if (fabs(next - g) <= tol * next) {
            g = next;
            break;
        }
        g = next;
        if (it >= 100)
            break;
    }
    *out = g;
    return it;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    double r = 0.0;
    int it;
    switch (opt) {
    case 0:
        it = newton_sqrt(-4.0, 1e-12, &r);
        printf("it=%d r=%.6f\n", it, r);
        it = newton_sqrt(0.0, 1e-12, &r);
        printf("it=%d r=%.6f\n", it, r);
        break;
    case 1:
        it = newton_sqrt(2.0, 1e-12, &r);
        printf("it=%d r=%.12f\n", it, r);
        break;
    case 2: {
        double xs[5] = { 1e-6, 0.25, 10.0, 12345.678, 1e12 };
        int i;
        for (i = 0; i < 5; i++) {
            it = newton_sqrt(xs[i], 1e-10, &r);
            printf("x=%g it=%d r=%.8g\n", xs[i], it, r);
        }
        break;
    }
    case 3: {
        int i, total = 0;
        double sum = 0.0;
        for (i = 1; i <= 500; i++) {
            total += newton_sqrt((double)i * 3.7, 1e-9, &r);
            sum += r;
        }
        printf("iters=%d sum=%.6f\n", total, sum);
        break;
    }
    }
    return 0;
}
