/* Diamonds whose small join blocks tail duplication copies into the hot
   arm under -fprofile-use: joins that feed a loop's latch, joins that
   return, a join reached from three arms, zero-trip and one-trip loops,
   unsigned wrap-around and INT_MAX bounds. */
#include <limits.h>
#include <stdio.h>

static int mix(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i & 3)
            s += i;
        else
            s -= i;
    }
    return s;
}

static int classify(int x)
{
    int r;
    if (x % 7 == 0)
        r = 1;
    else if (x % 3 == 0)
        r = 2;
    else
        r = 3;
    return r * x;
}

static unsigned wrap(unsigned start, int n)
{
    unsigned h = start;
    for (int i = 0; i < n; i++) {
        if (h & 1)
            h = h * 3u + 1u;
        else
            h = h >> 1;
        h += 0xfffffff0u;
    }
    return h;
}

static long near_max(int from)
{
    long s = 0;
    for (int i = from; i < INT_MAX; i++) {
        if (i % 2)
            s += i;
        else
            s ^= i;
    }
    return s;
}

static int count_down(int n)
{
    int s = 0;
    for (int i = n; i > 0; i -= 3) {
        if (i % 5 == 0)
            s += 2;
        else
            s += 1;
    }
    return s;
}

int main(void)
{
    long total = 0;
    for (int n = 0; n < 40; n++)
        total += mix(n);
    printf("mix %ld %d %d %d\n", total, mix(0), mix(1), mix(1000));
    long c = 0;
    for (int x = -50; x < 500; x++)
        c += classify(x);
    printf("classify %ld\n", c);
    printf("wrap %u %u %u\n", wrap(0, 0), wrap(7, 1), wrap(0xffffffffu, 500));
    printf("near_max %ld %ld %ld\n", near_max(INT_MAX), near_max(INT_MAX - 1), near_max(INT_MAX - 300));
    printf("count_down %d %d %d %d\n", count_down(0), count_down(1), count_down(3), count_down(301));
    return 0;
}
