/* Arrays of a packed struct with bit-fields, static and automatic, whose
 * size comes from the initializer: the last field's storage unit reaches
 * past the object, and only the bytes the field covers belong to it. */
#include <stdio.h>

struct __attribute__((packed)) S { int s : 1; int t : 20; };
struct S g[] = { {0, 9}, {-1, 7} };

int main() {
    struct S e[] = { {0, 9}, {0, 7}, {-1, 3} };
    e[1].t = 5;
    e[2].s = 0;
    printf("%zu %zu %d %d %d %d %d %d\n", sizeof g, sizeof e, g[1].t, g[1].s, e[1].t, e[0].t, e[2].t, e[2].s);
    return 0;
}
