/* Static assertions among a struct's members (C11 §6.7.2.1) that hold,
   in a struct definition and inside sizeof, as gnulib's verify_expr
   and verify_true expand. */
#include <stdio.h>

struct point {
    int x;
    _Static_assert(sizeof(int) == 4, "int has 4 bytes");
    int y;
    _Static_assert(1);
};

#define verify_true(R) (!!sizeof(struct { _Static_assert(R, #R); int dummy; }))
#define verify_expr(R, E) ((void)verify_true(R), (E))

int main(void) {
    struct point p = {3, 4};
    printf("%zu %d %d %d\n", sizeof p, p.x + p.y, verify_true(2 + 2 == 4), verify_expr(sizeof(long) >= 4, 42));
    return 0;
}
