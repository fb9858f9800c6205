/* Two translation units each define a static `step` and a static `total`
   with different bodies, as C allows: their profiles must not collide. */
#include <stdio.h>
#include "statics.h"

static long total;

static int step(int x)
{
    if (x % 3 == 0)
        return x / 3;
    return x + 1;
}

int main(void)
{
    for (int i = 1; i < 40; i++)
        total += step(i) + collatz_steps(i);
    printf("main total %ld, collatz total %ld\n", total, collatz_total());
    return 0;
}
