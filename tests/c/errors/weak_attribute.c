// expect-error: unsupported: __attribute__((weak))
/* A weak default that a library could override; nissecc does not emit weak symbols. */
#include <stdio.h>

__attribute__((weak)) int default_level(void) {
    return 3;
}

int main(void) {
    printf("%d\n", default_level());
    return 0;
}
