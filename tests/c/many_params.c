#include <stdio.h>

static long sum10(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {
    return a + 2L * b + 3L * c + 4L * d + 5L * e + 6L * f + 7L * g + 8L * h + 9L * i + 10L * j;
}

static double dsum12(double a, double b, double c, double d, double e, double f,
                     double g, double h, double i, double j, double k, double l) {
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k * 11 + l * 12;
}

static double mixed(int a, double b, char c, float d, long e, double f, short g, float h,
                    unsigned char i, double j, long long k, double l, int m, float n,
                    double o, unsigned p, double q) {
    printf("%d %g %d %g %ld %g %d %g %d %g %lld %g %d %g %g %u %g\n",
           a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q);
    return a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p + q;
}

static void ptr_args(int *a, int *b, int *c, int *d, int *e, int *f, int *g, int *h) {
    *a += 1; *b += 2; *c += 3; *d += 4; *e += 5; *f += 6; *g += 7; *h += 8;
}

static int last_of_nine(char a, short b, int c, long d, long long e, unsigned char f,
                        unsigned short g, unsigned h, unsigned long i) {
    return (int)(a + b + c + d + e + f + g + h + i) * 0 + (int)i;
}

static int rec_many(int n, int a, int b, int c, int d, int e, int f, int g) {
    if (n == 0) return a + b + c + d + e + f + g;
    return rec_many(n - 1, g, a, b, c, d, e, f + 1);
}

static float fsum9(float a, float b, float c, float d, float e, float f, float g, float h, float i) {
    return a - b + c - d + e - f + g - h + i;
}

int main(void) {
    printf("%ld\n", sum10(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    printf("%ld\n", sum10(-1, -2, -3, -4, -5, -6, -7, -8, -9, 2147483647));
    printf("%g\n", dsum12(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    printf("%g\n", dsum12(0.5, 0.25, 0.125, 1, 2, 3, 4, 5, 6, 7, 8, 9.75));
    double r = mixed(1, 2.5, 'A', 3.25f, 100000L, 6.5, -7, 8.5f, 200, 9.25, 1LL << 40, 10.5, -11, 11.5f, 12.5, 13u, 14.75);
    printf("%.2f\n", r);
    int a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0;
    ptr_args(&a, &b, &c, &d, &e, &f, &g, &h);
    ptr_args(&h, &g, &f, &e, &d, &c, &b, &a);
    printf("%d %d %d %d %d %d %d %d\n", a, b, c, d, e, f, g, h);
    printf("%d\n", last_of_nine(1, 2, 3, 4, 5, 6, 7, 8, 9));
    printf("%d\n", rec_many(10, 1, 2, 3, 4, 5, 6, 7));
    printf("%g\n", fsum9(1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f, 8.5f, 9.5f));
    return 0;
}
