#include <stdio.h>

static int to_int(double d) { return (int)d; }
static double to_double(long l) { return (double)l; }

int main(void) {
    double ds[] = {0.0, 0.4, 0.5, 0.9999, 1.0, 2.5, -0.5, -1.5, -2.9, 123456.789, -98765.4321};
    for (int i = 0; i < 11; i++)
        printf("%d ", (int)ds[i]);
    printf("\n");
    float fs[] = {3.7f, -3.7f, 1e6f, 16777217.0f, -0.25f};
    for (int i = 0; i < 5; i++)
        printf("%d %ld ", (int)fs[i], (long)fs[i]);
    printf("\n");
    printf("%ld\n", (long)1e18);
    printf("%lld\n", (long long)-9.2e18);
    printf("%lu\n", (unsigned long)1.8e19);
    printf("%u\n", (unsigned int)4e9);
    printf("%u\n", (unsigned int)3.99);
    printf("%d\n", (unsigned char)200.7);
    printf("%d\n", (signed char)-100.9);
    printf("%d\n", (short)-32000.5);
    printf("%d\n", to_int(7.999));
    printf("%f\n", to_double(123456789012L));
    int i = -17;
    double d = i;
    float f = i;
    printf("%f %f\n", d, f);
    unsigned int u = 4000000000u;
    printf("%f\n", (double)u);
    printf("%f\n", (float)u);
    unsigned long ul = 18446744073709551615UL;
    printf("%.1f\n", (double)ul);
    unsigned long ul2 = 9223372036854775809UL;
    printf("%.1f\n", (double)ul2);
    long l = -9007199254740993L;
    printf("%.1f\n", (double)l);
    printf("%.1f\n", (float)l);
    long long ll = 1LL << 53;
    printf("%.1f\n", (double)(ll + 1));
    char c = 'A';
    printf("%f\n", (double)c);
    unsigned char uc = 250;
    printf("%f\n", (float)uc);
    _Bool b = 0.5;
    printf("%d\n", b);
    b = 0.0;
    printf("%d\n", b);
    float ff = 2.75f;
    double dd = ff;
    float back = (float)dd;
    printf("%f %f %d\n", dd, back, back == ff);
    double third = 1.0 / 3.0;
    float fthird = (float)third;
    printf("%.17g %.9g\n", third, fthird);
    printf("%d\n", (int)(0.1 + 0.2 == 0.3));
    printf("%d\n", (int)((float)0.1 == 0.1));
    long sum = 0;
    for (int k = 0; k < 10; k++) sum += (long)(k * 1.5);
    printf("%ld\n", sum);
    return 0;
}
