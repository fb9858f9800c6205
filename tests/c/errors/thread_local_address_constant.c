// expect-error: initializer element is not constant
#include <stdio.h>

static _Thread_local int depth;
static int *depth_pointer = &depth;

int main(void) {
    printf("%d\n", *depth_pointer);
    return 0;
}
