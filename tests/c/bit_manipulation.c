// gcc-check-flags: -Wno-parentheses
#include <stdio.h>
#include <stdint.h>

static int popcount(uint32_t x) {
    int c = 0;
    while (x) { x &= x - 1; c++; }
    return c;
}

static uint32_t reverse_bits(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) { r = (r << 1) | (x & 1); x >>= 1; }
    return r;
}

static uint32_t rotl(uint32_t x, int n) { return n ? (x << n) | (x >> (32 - n)) : x; }
static uint32_t rotr(uint32_t x, int n) { return n ? (x >> n) | (x << (32 - n)) : x; }

static int clz(uint32_t x) {
    int n = 0;
    if (!x) return 32;
    while (!(x & 0x80000000u)) { x <<= 1; n++; }
    return n;
}

static int is_pow2(unsigned long x) { return x && !(x & (x - 1)); }

int main(void) {
    unsigned int a = 0xF0F0u, b = 0x0FF0u;
    printf("%x %x %x %x\n", a & b, a | b, a ^ b, ~a);
    printf("%d %d %d\n", 12 & 10, 12 | 10, 12 ^ 10);
    printf("%d %d\n", ~0, ~-1);
    printf("%d\n", -8 & 7);
    printf("%d\n", -8 | 7);
    uint32_t tests[] = {0, 1, 0x80000000u, 0xFFFFFFFFu, 0x12345678u, 0xAAAAAAAAu};
    for (int i = 0; i < 6; i++)
        printf("%08x pop=%d rev=%08x rotl7=%08x rotr5=%08x clz=%d\n", tests[i], popcount(tests[i]),
               reverse_bits(tests[i]), rotl(tests[i], 7), rotr(tests[i], 5), clz(tests[i]));
    for (unsigned long x = 0; x < 20; x++) printf("%d", is_pow2(x));
    printf("\n");
    unsigned int flags = 0;
    flags |= 1u << 3;
    flags |= 1u << 7;
    flags ^= 1u << 3;
    flags |= 0x100;
    printf("%x %d %d\n", flags, (flags >> 7) & 1, (flags >> 3) & 1);
    flags &= ~(1u << 7);
    printf("%x\n", flags);
    int x = 0x5A;
    int lowest = x & -x;
    printf("%d\n", lowest);
    uint64_t big = 0x0123456789ABCDEFULL;
    uint64_t swapped = 0;
    for (int i = 0; i < 8; i++) swapped |= ((big >> (i * 8)) & 0xFF) << ((7 - i) * 8);
    printf("%016llx\n", (unsigned long long)swapped);
    unsigned short s = 0xABCD;
    unsigned short sw = (unsigned short)((s >> 8) | (s << 8));
    printf("%x\n", sw);
    int m = 1234, n = 5678;
    m ^= n; n ^= m; m ^= n;
    printf("%d %d\n", m, n);
    int v = -37;
    int mask = v >> 31;
    printf("abs=%d\n", (v + mask) ^ mask);
    unsigned char bits = 0;
    for (int i = 0; i < 8; i += 2) bits |= (unsigned char)(1 << i);
    printf("%d\n", bits);
    printf("%d\n", (0xFF & 0x0F) | (0xF0 ^ 0x30) & 0xFF);
    return 0;
}
