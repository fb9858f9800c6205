// expect-error: unsupported: a jump into the scope of a variable with __attribute__((cleanup))
#include <stdio.h>

static void done(int *p) {
    printf("done %d\n", *p);
}

int main(void) {
    int n = 0;
    goto inside;
    {
        __attribute__((cleanup(done))) int x = 1;
    inside:
        n += x;
    }
    return n;
}
