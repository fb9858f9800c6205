// expect-error: invalid argument to '__builtin_return_address'
/* The level of __builtin_return_address counts frames outward: it
   cannot be negative (clang rejects it too; gcc accepts it). */
#include <stdio.h>

static void *caller(void) {
    return __builtin_return_address(-1);
}

int main(void) {
    printf("%d\n", caller() != 0);
    return 0;
}
