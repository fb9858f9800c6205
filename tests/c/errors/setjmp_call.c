// expect-error: unsupported: '_setjmp' (a function that returns twice)
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

int main(void) {
    if (setjmp(env) == 0)
        puts("first");
    return 0;
}
