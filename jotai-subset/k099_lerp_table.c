// inputs: 0 1 2 3  tags: float, while-loop, early-return, stacked-conditionals, interpolation
#include <stdio.h>
#include <stdlib.h>

/* Piecewise-linear lookup: xs must be strictly increasing.  Values outside the table
   are clamped.  Evaluates the table at each query; returns number of clamped queries. */
int lerp_table(const float *xs, const float *ys, int n, const float *q, float *out, int nq)
{
    int clamped = 0;
    int seg = 0; /* cached segment: queries are often monotone */
    for (int i = 0; i < nq; i++) {
        float x = q[i];
        if (n == 0) { out[i] = 0.0f; clamped++; continue; }
        if (n == 1 || x <= xs[0]) { out[i] = ys[0]; clamped++; continue; }
        if (x >= xs[n - 1]) { out[i] = ys[n - 1]; clamped++; continue; }
        if (x < xs[seg]) seg = 0;
        while (seg < n - 2 && x >= xs[seg + 1])
            seg++;
        float t = (x - xs[seg]) / (xs[seg + 1] - xs[seg]);
        out[i] = ys[seg] + t * (ys[seg + 1] - ys[seg]);
    }
    return clamped;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    float out[400];
    switch (opt) {
    case 0: {
        float xs[1] = {0}, ys[1] = {0}, q[2] = {1.0f, -1.0f};
        int c = lerp_table(xs, ys, 0, q, out, 2);
        printf("clamped=%d out=%.3f %.3f\n", c, out[0], out[1]);
        float ys1[1] = {2.5f};
        c = lerp_table(xs, ys1, 1, q, out, 2);
        printf("clamped=%d out=%.3f %.3f\n", c, out[0], out[1]);
        break;
    }
    case 1: {
        float xs[4] = {0.0f, 1.0f, 2.0f, 4.0f};
        float ys[4] = {0.0f, 10.0f, 5.0f, 9.0f};
        float q[8] = {-1.0f, 0.0f, 0.5f, 1.0f, 1.75f, 3.0f, 4.0f, 0.25f};
        int c = lerp_table(xs, ys, 4, q, out, 8);
        printf("clamped=%d:", c);
        for (int i = 0; i < 8; i++) printf(" %.4f", out[i]);
        printf("\n");
        break;
    }
    case 2: {
        float xs[32], ys[32], q[400];
        for (int i = 0; i < 32; i++) { xs[i] = (float)(i * i) / 8.0f; ys[i] = (float)((i * 7) % 11) - 5.0f; }
        unsigned seed = 5u;
        for (int i = 0; i < 400; i++) {
            seed = seed * 1103515245u + 12345u;
            q[i] = (float)((seed >> 16) % 1400) / 10.0f - 10.0f;
        }
        int c = lerp_table(xs, ys, 32, q, out, 400);
        double s = 0.0;
        for (int i = 0; i < 400; i++) s += out[i];
        printf("clamped=%d sum=%.3f first=%.4f %.4f %.4f\n", c, s, out[0], out[1], out[2]);
        break;
    }
    case 3: {
        float xs[5] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
        float ys[5] = {1.0f, 4.0f, 9.0f, 16.0f, 25.0f};
        float q[300];
        for (int i = 0; i < 300; i++) q[i] = 1.0f + (float)i / 75.0f;
        int c = lerp_table(xs, ys, 5, q, out, 300);
        printf("clamped=%d out[0]=%.4f out[100]=%.4f out[200]=%.4f out[299]=%.4f\n", c, out[0], out[100], out[200], out[299]);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
