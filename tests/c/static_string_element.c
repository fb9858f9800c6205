/* Static initializers reading an element of a string literal ("abc"[1],
   2["xyz"], the terminating null), which GCC folds. */
#include <stdio.h>

static char c1 = "abc"[1], c2 = 2["xyz"], c3 = "abc"[3];
static const char hex = "0123456789abcdef"[11];
static int table[] = { "AB"[0], "AB"[1], "\x7f\xff"[1] };

int main(void) {
    printf("%c %c %d %c\n", c1, c2, c3, hex);
    printf("%d %d %d\n", table[0], table[1], table[2]);
    return 0;
}
