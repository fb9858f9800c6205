/* Forms from Lua's sources: a cast after __extension__ (glibc's and
 * Lua's cast macros), a function-pointer cast of a void * result, and
 * `n-- && ok` next to labels as values. */
#include <stdio.h>

typedef int (*handler)(int);
#define cast_func(p) (__extension__ (handler)(p))

static int twice(int x) { return 2 * x; }
static void *as_object(handler h) { return __extension__ (void *)h; }

int main() {
    handler h = cast_func(as_object(twice));
    int n = 3, ok = 1, steps = 0;
    while (n-- && ok) {
        steps++;
        ok = h(n) < 100;
    }
    static void *const next[] = { &&even, &&odd };
    int i = 0, evens = 0, odds = 0;
loop:
    if (i == 7) goto done;
    goto *next[i++ & 1];
even: evens++; goto loop;
odd: odds++; goto loop;
done:
    printf("%d %d %d %d %d\n", h(21), steps, n, evens, odds);
    return 0;
}
