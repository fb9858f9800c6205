#include <stdio.h>

static short twice(short s) { return (short)(s * 2); }
static unsigned short utwice(unsigned short s) { return (unsigned short)(s * 2); }

int main(void) {
    short a = 30000, b = 30000;
    printf("%d\n", a + b);
    printf("%d\n", (short)(a + b));
    printf("%d\n", a * b);
    unsigned short ua = 60000, ub = 60000;
    printf("%d\n", ua + ub);
    printf("%u\n", (unsigned)(ua * 2u));
    printf("%d\n", (unsigned short)(ua + ub));
    printf("%d %d\n", twice(20000), utwice(40000));
    printf("%zu %zu\n", sizeof(a), sizeof(a + b));
    short neg = -1;
    unsigned short uneg = (unsigned short)neg;
    printf("%d %d\n", neg, uneg);
    printf("%d\n", neg < uneg);
    printf("%d\n", (int)neg == (int)uneg);
    short arr[5] = {-3, 1000, -32768, 32767, 0};
    long total = 0;
    for (int i = 0; i < 5; i++) total += arr[i];
    printf("%ld\n", total);
    short s = 32767;
    s += 1;
    printf("%d\n", s);
    s = -32768;
    s -= 1;
    printf("%d\n", s);
    unsigned short bits = 0x8001;
    printf("%d %d\n", bits >> 1, bits << 1);
    printf("%d\n", (unsigned short)(bits << 1));
    printf("%d\n", ~bits);
    short x = 1234;
    short *p = &x;
    *p *= 10;
    printf("%d\n", x);
    *p = (short)(*p * 3);
    printf("%d\n", x);
    return 0;
}
