#include <stdio.h>
#include "scale.h"
int main(void) {
    int (*f)(int) = thrice;
    printf("%d %d %d %d\n", thrice(7), clamp(500, 0, 10), apply(thrice, 1000), f(-2));
    return 0;
}
