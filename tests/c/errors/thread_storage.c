// expect-error: unsupported: _Thread_local
#include <stdio.h>
static __thread int counter;
int main(void) {
    counter++;
    printf("%d\n", counter);
    return 0;
}
