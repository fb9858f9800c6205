// expect-error: thread-local variable 'counter' at block scope is neither static nor extern
#include <stdio.h>

int main(void) {
    __thread int counter = 0;
    counter++;
    printf("%d\n", counter);
    return 0;
}
