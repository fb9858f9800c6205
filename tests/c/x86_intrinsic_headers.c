/* Including GCC's <x86intrin.h> or <immintrin.h> and calling only its
 * scalar functions. The headers define hundreds of `extern __inline`
 * functions with the `gnu_inline` attribute, compiled only when called:
 * one of them (`_mulx_u64`) has an `unsigned __int128` local, which was a
 * parse error, and the ones returning a pointer carry the attribute after
 * the `*` (`void * __attribute__((__gnu_inline__)) __slwpcb (void)`),
 * where it was not seen, so their bodies were compiled, unused, and
 * failed on builtins nissecc lacks. The scalar helpers run on GCC's
 * bit-scan and rotation builtins, which nissecc now implements. */
#include <stdio.h>
#include <immintrin.h>
#include <x86intrin.h>

/* Never called, so never compiled, as in GCC. */
static inline unsigned long long high_product(unsigned long long a, unsigned long long b) {
    return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}

extern __inline void *__attribute__((__gnu_inline__, __always_inline__)) unused_pointer_function(void) {
    return __builtin_ia32_not_a_builtin_nissecc_knows();
}

int main(void) {
    unsigned int x = 0x12345678u;
    unsigned long long y = 0x0123456789abcdefULL;
    printf("%d %d\n", __bsfd(x), __bsfq(y));
    printf("%x %llx\n", __bswapd(x), (unsigned long long)__bswapq(y));
    printf("%d %d\n", __popcntd(x), __popcntq(y));
    printf("%d %d\n", _bit_scan_forward(64), _bit_scan_forward(6));
    printf("%d\n", (int)sizeof(__m128i));
    /* The bit scan and rotation builtins behind them. */
    unsigned vals[] = { 1, 2, 3, 0x80, 0x12345678u, 0x80000000u, 0xffffffffu };
    for (int i = 0; i < 7; i++)
        printf("%d %d %d|", __bsrd((int)vals[i]), _bit_scan_reverse((int)vals[i]), __bsrq((long long)vals[i] << 20));
    printf("\n");
    for (int n = -9; n <= 17; n++)
        printf("%02x %02x %04x %04x,", __rolb(0x81, n), __rorb(0x81, n), __rolw(0x8001, n), __rorw(0x1234, n));
    printf("\n");
    return 0;
}
