// inputs: 0 1 2 3  tags: double, while-loop, multi-exit, early-return, numeric
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Newton iteration for the real k-th root of v (k>=2).  Returns number of iterations
   used, -1 for invalid input (even root of negative, k<2), -2 if it fails to converge. */
int nth_root(double v, int k, double *out)
{
    if (k < 2) return -1;
    if (v == 0.0) { *out = 0.0; return 0; }
    int neg = 0;
    if (v < 0.0) {
        if (k % 2 == 0) return -1;
        neg = 1;
        v = -v;
    }
    double x = v > 1.0 ? v / (double)k : 1.0;
    int it = 0;
    while (it < 200) {
        double p = 1.0;
        for (int i = 1; i < k; i++) p *= x;      /* x^(k-1) */
        double nx = ((double)(k - 1) * x + v / p) / (double)k;
        it++;
        if (fabs(nx - x) <= 1e-13 * nx) {
            x = nx;
            break;
        }
        x = nx;
    }
    if (it == 200) return -2;
    *out = neg ? -x : x;
    return it;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    double r = 0.0;
    int it;
    switch (opt) {
    case 0:
        it = nth_root(4.0, 1, &r);
        printf("k=1 -> %d\n", it);
        it = nth_root(-16.0, 4, &r);
        printf("even of negative -> %d\n", it);
        it = nth_root(0.0, 3, &r);
        printf("zero -> %d r=%.6f\n", it, r);
        break;
    case 1: {
        double vals[5] = {2.0, 27.0, -125.0, 1e10, 0.001};
        int ks[5] = {2, 3, 3, 5, 2};
        for (int i = 0; i < 5; i++) {
            it = nth_root(vals[i], ks[i], &r);
            printf("root%d(%g) = %.10f in %d\n", ks[i], vals[i], r, it);
        }
        break;
    }
    case 2: {
        double s = 0.0;
        int total = 0;
        for (int i = 1; i <= 2000; i++) {
            it = nth_root((double)i * 1.37, 2 + i % 6, &r);
            total += it;
            s += r;
        }
        printf("sum=%.8f iterations=%d\n", s, total);
        break;
    }
    case 3: {
        it = nth_root(1e300, 7, &r);
        printf("big: %d %.6e\n", it, r);
        it = nth_root(1e-300, 3, &r);
        printf("tiny: %d %.6e\n", it, r);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
