/* GCC's label attributes (`out: __attribute__((unused));`, `hot`,
 * `cold`), which mark labels that a configuration may leave unused. */
#include <stdio.h>

static int classify(int x) {
    int r = 0;
    if (x < 0)
        goto negative;
    r += x;
    goto done;
negative: __attribute__((cold))
    r = -1;
unused_exit: __attribute__((unused));
done:
    return r;
}

int main(void) {
    printf("%d %d %d\n", classify(5), classify(-3), classify(0));
    return 0;
}
