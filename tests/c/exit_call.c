#include <stdio.h>
#include <stdlib.h>

static int depth = 0;

static void level3(int v) {
    printf("level3 %d\n", v);
    if (v > 2) {
        printf("exiting from depth %d\n", depth);
        fflush(stdout);
        exit(3);
    }
    printf("not reached\n");
}

static void level2(int v) { depth++; level3(v + 1); printf("not reached 2\n"); }
static void level1(int v) { depth++; level2(v + 1); printf("not reached 1\n"); }

int main(void) {
    printf("start\n");
    level1(1);
    printf("not reached main\n");
    return 0;
}
