/* A static assertion without a message (C23's form) whose operand
   defines a struct: gnulib's test-alignof.c (GNU sed 4.9's `make check`)
   asserts `alignof_slot (type) == offsetof (type##_helper, slot2)`, and
   `alignof_slot` is an `offsetof` of `struct { char __slot1; type
   __slot2; }`. The semicolons inside the struct hid the closing
   parenthesis from nissecc, which then rejected the assertion as a
   syntax error. */
#include <stddef.h>
#include <stdio.h>

typedef struct { char slot1; double slot2; } double_helper;
_Static_assert (__builtin_offsetof (struct { char a; double b; }, b) == offsetof (double_helper, slot2));

struct s {
    int member;
    _Static_assert (sizeof (struct { int x; char y; }) >= 5);
};

int main(void) {
    _Static_assert (offsetof (struct { char c; int i; }, i) == _Alignof (int));
    printf("%zu %zu\n", offsetof (double_helper, slot2), sizeof (struct s));
    return 0;
}
