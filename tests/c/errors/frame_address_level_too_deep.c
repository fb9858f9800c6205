// expect-error: unsupported: '__builtin_frame_address' of a level above 65536
/* gcc writes one load per level of __builtin_frame_address; nissecc does
   too, up to 65536 levels. The semantic fuzzer's mutant of
   frame_address_levels.c asked for level 4294967295, and nissecc filled
   the memory writing four billion loads until the kernel killed it. */
#include <stdio.h>

static void *frame(void) {
    return __builtin_frame_address(4294967295);
}

int main(void) {
    printf("%d\n", frame() != 0);
    return 0;
}
