// expect-error: cleanup argument not a function: 'release'
#include <stdlib.h>

int main(void) {
    int release = 0;
    __attribute__((cleanup(release))) char *p = malloc(4);
    return release;
}
