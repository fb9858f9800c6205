// expect-error: unsupported: '__builtin_return_address' with a nonzero level
#include <stdio.h>

static void *caller_of_caller(void) {
    return __builtin_return_address(1);
}

int main(void) {
    printf("%d\n", caller_of_caller() != 0);
    return 0;
}
