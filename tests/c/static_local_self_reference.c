/* A static local is in scope in its own initializer (C11 §6.2.1p7):
 * libwebp's WEBP_DSP_INIT writes
 * `static volatile VP8CPUInfo last = (VP8CPUInfo)&last;`, and a static
 * local that shadows a global must take its own address, not the
 * global's. */
#include <stdio.h>

typedef int (*info_fn)(int);

static int shadowed = 5;

static int once(void) {
    static volatile info_fn last = (info_fn)&last;
    int first = last == (info_fn)&last;
    last = 0;
    return first + shadowed - 5;
}

int main(void) {
    static void *self = &self;
    static void *shadowed = &shadowed;
    int a = once(), b = once();
    printf("%d %d %d %d\n", self == (void *)&self, shadowed == (void *)&shadowed, a, b);
    return 0;
}
