/* Including <stdatomic.h> without computing with atomic objects: its
 * typedefs (`typedef _Atomic int atomic_int;`) were an `unsupported:
 * _Atomic` error at the header. Atomic types now have GCC's size and
 * alignment and only an object or value of one is unsupported, so a
 * program may include the header, take sizes and hold pointers. */
#include <stdatomic.h>
#include <stdio.h>

struct shared {
    char tag;
    atomic_int *counter;
    _Atomic(long) *total;
};

int main(void) {
    struct shared s = { 'x', 0, 0 };
    printf("%zu %zu %zu %zu\n", sizeof(atomic_int), sizeof(atomic_llong), _Alignof(atomic_llong), sizeof(atomic_flag));
    printf("%zu %zu\n", sizeof(_Atomic(struct { char c[8]; })), _Alignof(_Atomic(struct { char c[8]; })));
    printf("%zu %zu\n", sizeof(_Atomic(struct { char c[3]; })), _Alignof(_Atomic(struct { char c[3]; })));
    printf("%c %d %d\n", s.tag, s.counter == 0, s.total == 0);
    return 0;
}
