// expect-error: unsupported: __attribute__((transparent_union)) on a union of members other than pointers and integers of one size
#include <stdio.h>

typedef union {
    double real;
    long whole;
} number __attribute__((transparent_union));

static double twice(number n) {
    return n.real * 2;
}

int main(void) {
    printf("%g\n", twice(1.5));
    return 0;
}
