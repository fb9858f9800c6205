// expect-error: unsupported: _Atomic values of 12 bytes
#include <stdatomic.h>
#include <stdio.h>

struct point { int x, y, z; };

int main(void) {
    _Atomic struct point shared = { 1, 2, 3 };
    struct point copy = shared;
    printf("%d\n", copy.y);
    return 0;
}
