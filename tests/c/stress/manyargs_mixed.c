/* Functions with many mixed integer/float/pointer arguments, recursion, and struct pointer args. */
#include <stdio.h>
#include <string.h>

struct Acc { double dsum; long long isum; int calls; char tag[8]; };

static double mix10(int a, double b, char c, float d, long e, double f, short g, unsigned h, double i, long long j) {
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + (double)j * 10;
}

static long long sum_ints(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10, int a11, int a12) {
    return (long long)a1 * 1 + a2 * 2 + a3 * 3 + a4 * 4 + a5 * 5 + a6 * 6 + a7 * 7 + a8 * 8 + a9 * 9 + a10 * 10 + a11 * 11 +
           (long long)a12 * 12;
}

static double sum_doubles(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j,
                          double k) {
    return a - b + c - d + e - f + g - h + i - j + k * 0.5;
}

static float fmix(float a, int b, float c, int d, float e, int f, float g, int h, float i, int j, float k, int l) {
    return a * b + c * d + e * f + g * h + i * j + k * l;
}

static void accumulate(struct Acc *acc, int depth, double x, long long y, const char *tag, unsigned char flag, float scale,
                       short s, double z) {
    acc->calls++;
    acc->dsum += x * scale + z;
    acc->isum += y + s + flag;
    if (depth == 0) { snprintf(acc->tag, sizeof acc->tag, "%s", tag); return; }
    accumulate(acc, depth - 1, x / 2, y * 3 - 1, depth % 2 ? "odd" : "even", (unsigned char)(flag + 100), scale * 1.5f,
               (short)(s - 1000), z + depth);
}

static int tak(int x, int y, int z) { return y < x ? tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y)) : z; }

static double ackermann_like(int m, double n, int *calls) {
    (*calls)++;
    if (m == 0) return n + 1;
    if (n <= 0) return ackermann_like(m - 1, 1, calls);
    return ackermann_like(m - 1, ackermann_like(m, n - 1, calls), calls);
}

static void print_all(const char *label, int a, double b, const char *c, long d, double e, unsigned f, double g, char h,
                      double i, long long j, double k, double l) {
    printf("%s: %d %.3f %s %ld %.3e %u %g %c %.1f %lld %.2f %.4f\n", label, a, b, c, d, e, f, g, h, i, j, k, l);
}

int main(void) {
    printf("mix10 = %.6f\n", mix10(1, 2.5, 'A', 0.25f, -7L, 1e-3, (short)-300, 4000000000u, -2.75, -123456789012LL));
    printf("sum_ints = %lld\n", sum_ints(1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, 2147483647));
    printf("sum_doubles = %.10f\n", sum_doubles(1.5, 2.25, 3.125, 4.0625, 5.5, 6.75, 7.875, 8.0, 9.5, 10.25, 11.0));
    printf("fmix = %.4f\n", (double)fmix(1.5f, 2, 2.5f, -3, 3.5f, 4, 4.5f, -5, 5.5f, 6, 6.5f, -7));
    struct Acc acc;
    memset(&acc, 0, sizeof acc);
    accumulate(&acc, 9, 1000.0, 1, "root", 7, 1.0f, 500, 0.125);
    printf("acc: calls=%d dsum=%.6f isum=%lld tag=%s\n", acc.calls, acc.dsum, acc.isum, acc.tag);
    printf("tak(18,12,6) = %d\n", tak(18, 12, 6));
    int calls = 0;
    printf("ack(2,3) = %.0f calls=%d\n", ackermann_like(2, 3, &calls), calls);
    calls = 0;
    printf("ack(3,3) = %.0f calls=%d\n", ackermann_like(3, 3, &calls), calls);
    print_all("all", -5, 3.14159, "str", 1234567890123L, 6.02e23, 42u, 0.5, 'Z', -99.95, -1LL, 2.0 / 3.0, 1e-4);
    double (*fp)(int, double, char, float, long, double, short, unsigned, double, long long) = mix10;
    printf("via pointer = %.6f\n", fp(0, 0, 0, 0, 0, 0, 0, 0, 0, 1));
    for (int i = 0; i < 5; i++)
        printf("row %d: %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f %d\n", i, i * 1.0, i * 1.1, i * 1.2, i * 1.3,
               i * 1.4, i * 1.5, i * 1.6, i * 1.7, i * 1.8, i * 1.9, i * i);
    return 0;
}
