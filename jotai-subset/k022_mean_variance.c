// inputs: 0 1 2 3  tags: float, statistics, counted-loop, early-return, struct
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

struct stats {
    double mean;
    double var;
    double min;
    double max;
    int n;
};

/* Two-pass mean/variance; returns 0 on success, -1 when n < 1. */
int compute_stats(const double *x, int n, struct stats *st)
{
    int i;
    double s = 0.0, ss = 0.0;
    st->n = n;
    if (n < 1) {
        st->mean = st->var = st->min = st->max = 0.0;
        return -1;
    }
    st->min = st->max = x[0];
    for (i = 0; i < n; i++) {
        s += x[i];
        if (x[i] < st->min)
            st->min = x[i];
        if (x[i] > st->max)
            st->max = x[i];
    }
    st->mean = s / n;
    if (n == 1) {
        st->var = 0.0;
        return 0;
    }
    for (i = 0; i < n; i++) {
        double d = x[i] - st->mean;
        ss += d * d;
    }
    st->var = ss / (n - 1);
    return 0;
}

static void show(int r, const struct stats *st)
{
    printf("r=%d n=%d mean=%.6f var=%.6f sd=%.6f min=%.3f max=%.3f\n", r, st->n, st->mean,
           st->var, sqrt(st->var), st->min, st->max);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct stats st;
    int r;
    switch (opt) {
    case 0: {
        double x[1] = { 0 };
        r = compute_stats(x, 0, &st);
        show(r, &st);
        break;
    }
    case 1: {
        double x[1] = { 3.5 };
        r = compute_stats(x, 1, &st);
        show(r, &st);
        break;
    }
    case 2: {
        double x[8] = { 2, 4, 4, 4, 5, 5, 7, 9 };
        r = compute_stats(x, 8, &st);
        show(r, &st);
        break;
    }
    case 3: {
        int n = 5000, i;
        double *x = malloc(n * sizeof *x);
        unsigned s = 2u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            x[i] = (double)((s >> 16) % 10000u) / 100.0 - 20.0;
        }
        r = compute_stats(x, n, &st);
        show(r, &st);
        free(x);
        break;
    }
    }
    return 0;
}
