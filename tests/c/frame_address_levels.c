/* __builtin_frame_address and __builtin_return_address above level 0:
 * the callee sees, one and two levels up, the frames and return
 * addresses its callers see at level 0 (as in backtrace helpers and
 * the "who called me" logging macros that use them). */
#include <stdio.h>

static void *outer_frame, *outer_return, *middle_frame, *middle_return;

__attribute__((noinline)) static int inner(int x) {
    int same_frame_1 = __builtin_frame_address(1) == middle_frame;
    int same_return_1 = __builtin_return_address(1) == middle_return;
    int same_frame_2 = __builtin_frame_address(2) == outer_frame;
    int same_return_2 = __builtin_return_address(2) == outer_return;
    printf("level 1: %d %d, level 2: %d %d\n", same_frame_1, same_return_1, same_frame_2, same_return_2);
    return x + 1;
}

__attribute__((noinline)) static int middle(int x) {
    middle_frame = __builtin_frame_address(0);
    middle_return = __builtin_return_address(0);
    return inner(x) * 2;
}

__attribute__((noinline)) static int outer(int x) {
    outer_frame = __builtin_frame_address(0);
    outer_return = __builtin_return_address(0);
    return middle(x) + 3;
}

int main() {
    printf("%d\n", outer(4));
    printf("%d\n", outer(10));
    return 0;
}
