#include <stdio.h>
#include <stdbool.h>

static char ret_char(int x) { return (char)x; }
static unsigned char ret_uchar(int x) { return (unsigned char)x; }
static signed char ret_schar(int x) { return (signed char)x; }
static short ret_short(long x) { return (short)x; }
static unsigned short ret_ushort(long x) { return (unsigned short)x; }
static int ret_int(long x) { return (int)x; }
static unsigned ret_uint(long x) { return (unsigned)x; }
static long ret_long(int x) { return x; }
static unsigned long ret_ulong(int x) { return (unsigned long)x; }
static bool ret_bool(int x) { return x; }
static float ret_float(double d) { return (float)d; }
static double ret_double(float f) { return f; }
static double ret_int_as_double(int i) { return i; }
static int ret_double_as_int(double d) { return (int)d; }
static const char *ret_str(int i) { return i ? "yes" : "no"; }
static int *ret_ptr(int *a, int i) { return a + i; }
static void ret_void(int *out) { *out = 7; return; }
static long long ret_ll(void) { return -1234567890123456789LL; }

int main(void) {
    printf("%d %d %d\n", ret_char(65), ret_uchar(300), ret_schar(200));
    printf("%d %d\n", ret_short(70000), ret_ushort(-1));
    printf("%d %u\n", ret_int(0x100000005L), ret_uint(-2));
    printf("%ld %lu\n", ret_long(-5), ret_ulong(-5));
    printf("%d %d %d\n", ret_bool(0), ret_bool(7), ret_bool(-7));
    printf("%.9g %.17g\n", ret_float(0.1), ret_double(0.1f));
    printf("%g %d\n", ret_int_as_double(-9), ret_double_as_int(-9.99));
    printf("%s %s\n", ret_str(1), ret_str(0));
    int a[4] = {5, 6, 7, 8};
    printf("%d\n", *ret_ptr(a, 2));
    *ret_ptr(a, 3) = 80;
    printf("%d\n", a[3]);
    int o = 0;
    ret_void(&o);
    printf("%d\n", o);
    printf("%lld\n", ret_ll());
    int sum = ret_uchar(255) + ret_uchar(255);
    printf("%d\n", sum);
    int neg = ret_schar(255) + ret_schar(255);
    printf("%d\n", neg);
    unsigned char u = ret_uchar(128);
    printf("%d\n", u >> 7);
    long widened = ret_short(-1);
    printf("%ld\n", widened);
    return 0;
}
