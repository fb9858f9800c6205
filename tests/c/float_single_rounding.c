/* Conversions to float rounded once: 64-bit integer and long double constants in static initializers, and float literals (decimal and hexadecimal) whose value lies just above the midpoint of two floats, which rounding through double would turn into the midpoint and then round down (or to infinity). */
#include <stdio.h>
static float f1 = 0x20000020000001LL;
static float f2 = 0x20000020000001ULL;
static float f3 = 1.0L + 0x1p-24L + 0x1p-60L;
static double d1 = 1.0L + 0x1p-53L + 0x1p-63L;
static float f4 = (long double)0x20000020000001LL;
static float f5 = 0xFFFFFF7FFFFFFFFFULL;
int second(void);
int main(void) {
    second();
    volatile long long vl = 0x20000020000001LL; volatile unsigned long long vu = 0xFFFFFF7FFFFFFFFFULL; volatile long double vld = 1.0L + 0x1p-24L + 0x1p-60L;
    float r1 = vl, r2 = vu, r3 = vld; double r4 = 1.0L + 0x1p-53L + 0x1p-63L;
    float k1 = 0x20000020000001LL; float k3 = 1.0L + 0x1p-24L + 0x1p-60L;
    printf("%a %a %a %a %a %a\n", f1, f2, f3, d1, f4, f5);
    printf("%a %a %a %a %a %a\n", r1, r2, r3, r4, k1, k3);
    return 0;
}
static float lit1 = 1.00000005960464477539062500000001f, lit2 = 0x1.000001000000001p0f, lit3 = 3.4028235677973366e38f, lit4 = 1e-46f, lit5 = 7.0064923216240862e-46f;
int second(void) {
    volatile float a = 1.00000005960464477539062500000001f;
    printf("%a %a %a %a %a %a\n", lit1, lit2, lit3, lit4, lit5, a);
    return 0;
}
