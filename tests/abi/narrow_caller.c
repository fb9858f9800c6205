/* Calls with arguments narrower than int whose values come from wider
   ones (tests/abi_interop.rs): the caller must pass each extended to 32
   bits from its parameter type, as gcc's callers do, since the callee
   (narrow_callee.c, built by clang-19) relies on it. */
#include <stdio.h>

long take_uchar(unsigned char x);
long take_schar(signed char x);
long take_char(char x);
long take_ushort(unsigned short x);
long take_short(short x);
long take_bool(_Bool x);
long take_mixed(int a, unsigned short b, signed char c, _Bool d, short e, unsigned char f, long g, short h);

/* Volatile, so that no compiler folds the conversions away. */
volatile int wide = 0x1ff81;
volatile int negative_byte = 0x1ff;
volatile long huge = 0x123456789L;

int main() {
    int w = wide, n = negative_byte;
    long h = huge;
    printf("uchar %ld %ld\n", take_uchar(w), take_uchar(n));
    printf("schar %ld %ld\n", take_schar(w), take_schar(n));
    printf("char %ld %ld\n", take_char(w), take_char(n));
    printf("ushort %ld %ld\n", take_ushort(w), take_ushort(h));
    printf("short %ld %ld\n", take_short(w), take_short(h));
    printf("bool %ld %ld\n", take_bool(w), take_bool(h & 0x100000000L));
    printf("mixed %ld\n", take_mixed(w, w, n, h, h, w, h, n));
    long (*through_pointer)(unsigned short) = take_ushort;
    printf("pointer %ld\n", through_pointer(w));
    return 0;
}
