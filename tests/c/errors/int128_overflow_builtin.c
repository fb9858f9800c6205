// expect-error: unsupported: an overflow builtin with an __int128 operand
#include <stdio.h>
int main(void) {
    __int128 a = (__int128)1 << 100;
    long long r;
    printf("%d\n", __builtin_add_overflow(a, 1, &r));
    return 0;
}
