/* __builtin_alloca_with_align (size, bits): alloca's memory aligned to a
   constant number of bits, and __builtin___clear_cache, which has
   nothing to flush on x86-64 (gcc.dg's pr78468 and builtins-64; both
   were unsupported). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
int main() {
    int ok = 1;
    for (int i = 1; i < 40; i++) {
        char *p = __builtin_alloca_with_align(i * 3, 8 * 256);
        char *q = __builtin_alloca_with_align(i, 64);
        memset(p, i, i * 3);
        memset(q, i + 1, i);
        ok &= ((uintptr_t)p % 256 == 0) && ((uintptr_t)q % 8 == 0) && p[i * 3 - 1] == i && q[0] == i + 1;
    }
    char buf[16] = "abc";
    __builtin___clear_cache(buf, buf + 16);
    printf("%d %s\n", ok, buf);
    return 0;
}
