// inputs: 0 1 2 3  tags: float, counted-loop, stacked-conditionals, clamp, early-return
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Clamps samples to [lo, hi] then rescales them to [0, 1] in place.
 * Returns the number of clamped samples, or -1 when the range is degenerate. */
int clamp_normalize(float *x, int n, float lo, float hi)
{
    int i, clamped = 0;
    float mn, mx;
    if (!(hi > lo))
        return -1;
    if (n == 0)
        return 0;
    for (i = 0; i < n; i++) {
        if (x[i] != x[i]) {
            x[i] = lo;
            clamped++;
        } else if (x[i] < lo) {
            x[i] = lo;
            clamped++;
        } else if (x[i] > hi) {
            x[i] = hi;
            clamped++;
        }
    }
    mn = mx = x[0];
    for (i = 1; i < n; i++) {
        if (x[i] < mn)
            mn = x[i];
        if (x[i] > mx)
            mx = x[i];
    }
    if (mx - mn < 1e-6f) {
        for (i = 0; i < n; i++)
            x[i] = 0.0f;
        return clamped;
    }
    for (i = 0; i < n; i++)
        x[i] = (x[i] - mn) / (mx - mn);
    return clamped;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    float x[10] = { 0 };
    int i, n = 0, r;
    float lo = 0.0f, hi = 1.0f;
    switch (opt) {
    case 0:
        lo = 2.0f;
        hi = 1.0f;
        n = 3;
        break;
    case 1:
        n = 4;
        for (i = 0; i < 4; i++)
            x[i] = 5.0f;
        lo = -1.0f;
        hi = 3.0f;
        break;
    case 2:
        n = 6;
        x[0] = -3.5f; x[1] = 0.25f; x[2] = 10.0f; x[3] = 1.75f; x[4] = 2.0f; x[5] = -0.5f;
        lo = -1.0f;
        hi = 4.0f;
        break;
    case 3:
        n = 10;
        for (i = 0; i < 10; i++)
            x[i] = (float)(i * i) / 7.0f - 3.0f;
        x[4] = (float)sqrt(-1.0); /* NaN */
        lo = -2.0f;
        hi = 8.0f;
        break;
    default:
        return 0;
    }
    r = clamp_normalize(x, n, lo, hi);
    printf("r=%d:", r);
    for (i = 0; i < n; i++)
        printf(" %.5f", (double)x[i]);
    printf("\n");
    return 0;
}
