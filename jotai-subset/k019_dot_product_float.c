// inputs: 0 1 2  tags: float, counted-loop, numeric
#include <stdio.h>
#include <stdlib.h>

float dot_product(const float *x, const float *y, int n)
{
    float acc = 0.0f;
    int i;
    for (i = 0; i < n; i++)
        acc += x[i] * y[i];
    return acc;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        float x[1] = { 1.0f };
        printf("dot=%f\n", (double)dot_product(x, x, 0));
        break;
    }
    case 1: {
        float x[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
        float y[4] = { 0.5f, -0.25f, 2.0f, 1.0f };
        printf("dot=%f\n", (double)dot_product(x, y, 4));
        break;
    }
    case 2: {
        int n = 100000, i, r;
        float *x = malloc(n * sizeof *x);
        float *y = malloc(n * sizeof *y);
        unsigned s = 12u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            x[i] = (float)((s >> 16) % 1000u) / 500.0f - 1.0f;
            s = s * 1103515245u + 12345u;
            y[i] = (float)((s >> 16) % 1000u) / 1000.0f;
        }
        double total = 0.0;
        for (r = 0; r < 12; r++) {
            float d = dot_product(x + r, y, n - r);
            total += d;
            printf("r=%d dot=%.2f\n", r, (double)d);
        }
        printf("total=%.2f\n", total);
        free(x);
        free(y);
        break;
    }
    }
    return 0;
}
