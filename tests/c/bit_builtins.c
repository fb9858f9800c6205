/* GCC's bit builtins over values at the edges of each width. */
#include <stdio.h>

int main() {
    unsigned vals[] = { 1, 2, 3, 0x80000000u, 0x12345678u, 0xffffffffu, 0x100u };
    int i;
    for (i = 0; i < 7; i++) {
        unsigned v = vals[i];
        unsigned long long w = (unsigned long long)v << 17 | 5;
        printf("%u %d %d %d %d %d %x | %d %d %d %d %llx %d\n", v, __builtin_clz(v), __builtin_ctz(v),
               __builtin_popcount(v), __builtin_parity(v), __builtin_ffs(v), __builtin_bswap32(v),
               __builtin_clzll(w), __builtin_ctzl(w), __builtin_popcountll(w), __builtin_ffsll(w),
               __builtin_bswap64(w), __builtin_bswap16((unsigned short)v));
    }
    printf("%d %d %d %d\n", __builtin_ffs(0), __builtin_popcount(0), __builtin_parityll(0x7ULL), __builtin_ffsl(-8L));
    return 0;
}
