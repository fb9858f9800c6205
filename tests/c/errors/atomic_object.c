// expect-error: unsupported: _Atomic
#include <stdatomic.h>
#include <stdio.h>
int main(void) {
    atomic_int counter = 0;
    atomic_fetch_add(&counter, 2);
    printf("%d\n", atomic_load(&counter));
    return 0;
}
