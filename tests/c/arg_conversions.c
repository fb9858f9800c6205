// gcc-check-flags: -Wno-overflow
#include <stdio.h>

static int take_int(int x) { return x; }
static unsigned char take_uchar(unsigned char x) { return x; }
static signed char take_schar(signed char x) { return x; }
static short take_short(short x) { return x; }
static long take_long(long x) { return x; }
static unsigned take_uint(unsigned x) { return x; }
static double take_double(double x) { return x; }
static float take_float(float x) { return x; }
static _Bool take_bool(_Bool b) { return b; }
static long long take_ll(long long x) { return x; }

int main(void) {
    printf("%d %d %d\n", take_int(3.99), take_int(-3.99), take_int('A'));
    printf("%d %d\n", take_uchar(511), take_uchar(-1));
    printf("%d %d\n", take_schar(200), take_schar(-129));
    printf("%d %d\n", take_short(100000), take_short(-32769));
    printf("%ld %ld\n", take_long(-1), take_long(4000000000u));
    printf("%u %u\n", take_uint(-1), take_uint(2.5));
    printf("%g %g\n", take_double(7), take_double(1L << 53));
    printf("%.9g %.9g\n", take_float(0.1), take_float(16777217));
    printf("%d %d %d\n", take_bool(0.1), take_bool(0), take_bool(256));
    printf("%lld\n", take_ll(-2147483647 - 1));
    char c = 'z';
    short s = -5;
    unsigned char uc = 250;
    float f = 1.75f;
    printf("%ld %u %g\n", take_long(c), take_uint(s), take_double(f));
    printf("%d %d\n", take_int(uc), take_schar(uc));
    int x = 1000;
    int r = take_uchar(x) + take_schar(x) + take_short(x * 100);
    printf("%d\n", r);
    double d = -0.9;
    printf("%d %u\n", take_int(d), take_uint(0.9));
    long l = 0x7fffffffffL;
    printf("%d %d\n", take_int((int)l), take_short((short)l));
    int assigned_from_double = 2.999;
    unsigned char assigned_from_int = 1000 & 0x3ff;
    short assigned_from_long = (short)65537L;
    float assigned_from_int2 = 123456789;
    printf("%d %d %d %.1f\n", assigned_from_double, assigned_from_int, assigned_from_long, assigned_from_int2);
    return 0;
}
