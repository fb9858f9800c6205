// expect-error: unsupported: a member of an atomic struct or union
#include <stdio.h>

struct point { int x, y; };

int main(void) {
    _Atomic struct point p = { 1, 2 };
    printf("%d\n", p.x);
    return 0;
}
