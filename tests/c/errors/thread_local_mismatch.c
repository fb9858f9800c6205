// expect-error: non-thread-local declaration of 'errors' follows thread-local declaration
#include <stdio.h>

extern __thread int errors;
int errors;

int main(void) {
    printf("%d\n", errors);
    return 0;
}
