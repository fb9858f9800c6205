#include <stdio.h>

static int compute(void) {
    int s = 0;
    for (int i = 1; i <= 8; i++) s += i;
    return s + 6;
}

int main(void) {
    int r = compute();
    printf("returning %d\n", r);
    return r;
}
