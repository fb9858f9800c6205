/* `__builtin_frame_address(0)` and `__builtin_return_address(0)`, as
 * allocators and tracing code use them to tell call sites apart and to
 * walk the stack: a call site's return address is the same every time it
 * runs and differs from another site's, it lies in the calling function,
 * the frame address of a deeper call is lower, a function's locals lie
 * below its frame address, and the return address is the word above the
 * saved frame pointer. Both were `unsupported:` builtins. */
#include <stdio.h>
#include <stdint.h>

#define SITES 8

static void *seen[SITES];
static int seen_count;

/* The index of the call site that called this function: a new one the
 * first time a site calls. */
__attribute__((noinline)) static int call_site(void) {
    void *from = __builtin_return_address(0);
    for (int i = 0; i < seen_count; i++)
        if (seen[i] == from)
            return i;
    seen[seen_count] = from;
    return seen_count++;
}

__attribute__((noinline)) static int frames_descend(int depth, uintptr_t above) {
    uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
    if (frame == 0 || frame >= above)
        return 0;
    if (depth == 0)
        return 1;
    return frames_descend(depth - 1, frame);
}

__attribute__((noinline)) static int frame_layout(void) {
    int local = 7;
    void **frame = __builtin_frame_address(0);
    void *back = __builtin_return_address(0);
    int below = (uintptr_t)&local < (uintptr_t)frame;
    /* The saved frame pointer is at the frame address, the return
     * address just above it (System V x86-64 with frame pointers). */
    int above_saved = frame[1] == back;
    return below + 2 * above_saved + (local == 7) * 4;
}

__attribute__((noinline)) static long distance_into(void *function) {
    return (char *)__builtin_return_address(0) - (char *)function;
}

int main() {
    int first = call_site();
    int second = call_site();
    int again[3];
    for (int i = 0; i < 3; i++)
        again[i] = call_site();
    printf("sites %d %d %d %d %d (%d distinct)\n", first, second, again[0], again[1], again[2], seen_count);
    int top = frames_descend(5, (uintptr_t)__builtin_frame_address(0));
    printf("frames descend: %d\n", top);
    printf("frame layout: %d\n", frame_layout());
    long into_main = distance_into((void *)main);
    printf("returns into main: %d\n", into_main > 0 && into_main < 65536);
    return 0;
}
