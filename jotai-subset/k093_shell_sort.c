// inputs: 0 1 2  tags: stride-loop, down-count, nested-loop, sort
#include <stdio.h>
#include <stdlib.h>

/* Shell sort with Ciura's gap sequence (extended by x2.25). Sorts doubles. */
void shell_sort(double *a, long n)
{
    static const long ciura[] = {1, 4, 10, 23, 57, 132, 301, 701, 1750};
    long gaps[40];
    int ng = 0;
    for (int i = 0; i < 9; i++) gaps[ng++] = ciura[i];
    while (gaps[ng - 1] * 9 / 4 < n && ng < 40) {
        gaps[ng] = gaps[ng - 1] * 9 / 4;
        ng++;
    }
    for (int g = ng - 1; g >= 0; g--) {
        long gap = gaps[g];
        if (gap >= n) continue;
        for (long i = gap; i < n; i++) {
            double v = a[i];
            long j = i;
            while (j >= gap && a[j - gap] > v) {
                a[j] = a[j - gap];
                j -= gap;
            }
            a[j] = v;
        }
    }
}

static void report(const double *a, long n)
{
    int ok = 1;
    double s = 0.0;
    for (long i = 0; i < n; i++) {
        if (i && a[i - 1] > a[i]) ok = 0;
        s += a[i] * (double)(i % 7);
    }
    printf("n=%ld sorted=%d weighted=%.4f:", n, ok, s);
    for (long i = 0; i < n && i < 8; i++) printf(" %.3f", a[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        double a[3] = {3.5, -1.25, 2.0};
        shell_sort(a, 1);
        report(a, 1);
        shell_sort(a, 3);
        report(a, 3);
        break;
    }
    case 1: {
        double a[50];
        for (int i = 0; i < 50; i++) a[i] = (double)((i * 37) % 50) / 4.0 - 3.0;
        shell_sort(a, 50);
        report(a, 50);
        break;
    }
    case 2: {
        long n = 40000;
        double *a = malloc((size_t)n * sizeof *a);
        unsigned seed = 8u;
        for (long i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = (double)(seed >> 9) / 1024.0 - 2000.0;
        }
        shell_sort(a, n);
        report(a, n);
        printf("median=%.5f max=%.5f\n", a[n / 2], a[n - 1]);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
