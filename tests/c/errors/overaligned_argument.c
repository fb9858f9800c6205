// expect-error: unsupported: an argument aligned to 32 bytes passed by value
#include <stdio.h>
struct __attribute__((aligned(32))) block { int v[3]; };
static int sum(struct block b) { return b.v[0] + b.v[1] + b.v[2]; }
int main(void) {
    struct block b = { { 1, 2, 3 } };
    printf("%d\n", sum(b));
    return 0;
}
