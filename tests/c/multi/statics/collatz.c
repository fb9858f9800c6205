#include "statics.h"

static long total;

static int step(int x)
{
    return (x & 1) ? 3 * x + 1 : x / 2;
}

int collatz_steps(int x)
{
    int n = 0;
    while (x != 1) {
        x = step(x);
        n++;
    }
    total += n;
    return n;
}

long collatz_total(void)
{
    return total;
}
