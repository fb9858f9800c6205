/* Inline assembly with instructions, as real programs write it: cpuid with
   fixed registers, read-write and tied operands, immediates, memory operands,
   byte registers, named operands with an early clobber, and basic asm. */
#include <stdio.h>
#include <stdint.h>
static inline void cpuid(unsigned leaf, unsigned *a, unsigned *b, unsigned *c, unsigned *d) {
    __asm__("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(0));
}
static uint32_t bswap(uint32_t x) { __asm__("bswap %0" : "+r"(x)); return x; }
static int add3(int a, int b) { int r; __asm__("leal 3(%1,%2), %0" : "=r"(r) : "r"(a), "r"(b)); return r; }
static long shl(long x) { __asm__ volatile("shlq %2, %0" : "=r"(x) : "0"(x), "i"(4) : "cc"); return x; }
static void incm(int *p) { __asm__("incl %0" : "+m"(*p)); }
static unsigned char low(unsigned x) { unsigned char r; __asm__("movb %b1, %0" : "=q"(r) : "q"(x)); return r; }
static int named(int a) { int out; __asm__("movl %[in], %[out]\n\taddl %[in], %[out]" : [out] "=&r"(out) : [in] "r"(a)); return out; }
int main() {
    unsigned a, b, c, d; cpuid(0, &a, &b, &c, &d);
    char vendor[13]; *(unsigned *)vendor = b; *(unsigned *)(vendor + 4) = d; *(unsigned *)(vendor + 8) = c; vendor[12] = 0;
    printf("max leaf > 0: %d, vendor length %zu\n", a > 0, __builtin_strlen(vendor));
    int m = 41; incm(&m);
    printf("%x %d %ld %d %u %d\n", bswap(0x11223344), add3(4, 5), shl(3), m, low(0x1234), named(21));
    __asm__ __volatile__("pause");
    __asm__("nop\n\tnop");
    return 0;
}
