// expect-error: unsupported: _Atomic
#include <stdio.h>

int main(void) {
    _Atomic long double total = 1.5L;
    total += 2;
    printf("%Lg\n", total);
    return 0;
}
