// expect-error: unsupported: struct passed by value to a variadic function
#include <stdio.h>
struct Point { int x, y; };

int main(void) {
    struct Point p = {1, 2};
    printf("%d\n", p);
    return 0;
}
