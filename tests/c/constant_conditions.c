/* if with constant conditions of every kind (integer, float, address,
 * string, sizeof), and code inside `if (0)` reached through a case label
 * and a goto, as GCC's medce test and Duff-style code do. */
#include <stdio.h>

static int g;
static int hits;

static void mark(int n) { hits += n; }

static int classify(int x) {
    switch (x) {
    case 0:
        if (0) {
            mark(1000);
    case 1:
            mark(1);
        }
        return 1;
    }
    return 0;
}

int main() {
    if (0.0001f) mark(2);
    if (0.0) mark(1000);
    if (&g) mark(4);
    if ("text") mark(8);
    if (sizeof(int) == 4) mark(16); else mark(1000);
    if (1 - 1) mark(1000); else mark(32);
    goto inside;
    if (0) {
inside:
        mark(64);
    }
    classify(0);
    classify(1);
    printf("%d\n", hits);
    return 0;
}
