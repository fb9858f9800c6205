// inputs: 0 1 2 3  tags: stride-loop, float, counted-loop, down-count, early-return
#include <stdio.h>
#include <stdlib.h>

/* y[i] = a*x[i] + y[i], unrolled by four with a scalar tail processed backwards.
   Returns the sum of the resulting y (as a float). */
float saxpy(int n, float a, const float *x, float *y)
{
    if (n <= 0) return 0.0f;
    float sum = 0.0f;
    int i;
    if (a == 0.0f) {
        for (i = 0; i < n; i++) sum += y[i];
        return sum;
    }
    int m = n - n % 4;
    for (i = 0; i < m; i += 4) {
        y[i] += a * x[i];
        y[i + 1] += a * x[i + 1];
        y[i + 2] += a * x[i + 2];
        y[i + 3] += a * x[i + 3];
        sum += (y[i] + y[i + 1]) + (y[i + 2] + y[i + 3]);
    }
    for (i = n - 1; i >= m; i--) {
        y[i] += a * x[i];
        sum += y[i];
    }
    return sum;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        float x[1] = {1}, y[1] = {2};
        printf("sum=%.4f\n", saxpy(0, 2.0f, x, y));
        break;
    }
    case 1: {
        float x[7] = {1, 2, 3, 4, 5, 6, 7};
        float y[7] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
        float s = saxpy(7, 1.5f, x, y);
        printf("sum=%.4f y:", s);
        for (int i = 0; i < 7; i++) printf(" %.3f", y[i]);
        printf("\n");
        break;
    }
    case 2: {
        float x[5] = {9, 9, 9, 9, 9};
        float y[5] = {1, 2, 3, 4, 5};
        float s = saxpy(5, 0.0f, x, y);
        printf("sum=%.4f y4=%.3f\n", s, y[4]);
        break;
    }
    case 3: {
        int n = 50003;
        float *x = malloc((size_t)n * sizeof *x);
        float *y = malloc((size_t)n * sizeof *y);
        unsigned seed = 3u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            x[i] = (float)((seed >> 16) % 1000) / 250.0f - 2.0f;
            y[i] = (float)(i % 17) * 0.125f;
        }
        float s = 0.0f;
        for (int rep = 0; rep < 4; rep++) s = saxpy(n, 0.5f - (float)rep * 0.25f, x, y);
        printf("sum=%.3f y0=%.4f ymid=%.4f ylast=%.4f\n", s, y[0], y[n / 2], y[n - 1]);
        free(x);
        free(y);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
