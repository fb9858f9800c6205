/* A large zero-initialized static object goes to .bss without being
 * materialized in the compiler or the object file (the compiler once
 * tried to allocate its bytes); a partly initialized one keeps its zero
 * tail implicit. (Static data stays under the 2 GiB that x86-64's small
 * code model addresses, as with gcc; tests/diagnostics.rs compiles a
 * 256 GiB one.) */
#include <stdio.h>

static char huge[(1L << 30) + (1L << 29)];
static int tail_zeros[1 << 20] = { 1, 2, 3 };
long tentative[1 << 16];

int main() {
    long far = (1L << 30) + 100;
    huge[far] = 7;
    huge[5] = 3;
    tail_zeros[(1 << 20) - 1] += 4;
    tentative[65535] = 9;
    printf("%d %d %d %d %ld\n", huge[far], huge[5], huge[far + 1], tail_zeros[2] + tail_zeros[(1 << 20) - 1], tentative[65535]);
    return 0;
}
