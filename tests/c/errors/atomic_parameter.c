// expect-error: unsupported: an _Atomic parameter
#include <stdio.h>

static int add_two(_Atomic int p) {
    p += 2;
    return p;
}

int main(void) {
    printf("%d\n", add_two(4));
    return 0;
}
