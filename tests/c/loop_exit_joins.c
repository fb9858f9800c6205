/* Rotated loops whose exit enters a join that the loop's guard also
   enters: zero-trip and many-trip activations, 64-bit and 32-bit
   counters, pointer walks, counting down, entry values that are not
   constants, 32-bit counters whose guard's entry + step wraps (a loop
   from INT_MAX that never runs, one counting down from INT_MIN by 3),
   several loops into one join, and exit() from inside a loop.
   The profile oracle checks every strategy's counts on it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static long sum_to(long n)
{
    long s = 0;
    for (long i = 0; i < n; i++)
        s += i;
    return s;
}

static long count_matches(const int *a, long from, long to, int key)
{
    long c = 0;
    for (long i = from; i < to; i++)
        if (a[i] == key)
            c++;
    return c;
}

static size_t length(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

static long countdown(long n)
{
    long steps = 0;
    for (long i = n; i > 0; i -= 3)
        steps += i & 1;
    return steps;
}

static long two_loops(long n, long m)
{
    long t = 0;
    long i = 0;
    if (n > m) {
        for (; i < n; i++)
            t += 2;
    } else {
        for (; i < m; i++)
            t += 3;
    }
    return t + i;
}

static long nested(int rows, int cols)
{
    long t = 0;
    for (int r = 0; r < rows; r++)
        for (long c = r; c < cols; c++)
            t += c ^ r;
    return t;
}

static int int_sum(int from, int to)
{
    int s = 0;
    for (int i = from; i < to; i++)
        s += i & 15;
    return s;
}

static int int_countdown(int from, int to)
{
    int s = 0;
    for (int i = from; i > to; i -= 3)
        s += i & 7;
    return s;
}

static void exit_inside(long limit)
{
    long acc = 0;
    for (long i = 0; i < 100; i++) {
        acc += i;
        if (acc > limit) {
            printf("exit at i=%ld acc=%ld\n", i, acc);
            exit(0);
        }
    }
}

int main(void)
{
    int a[64];
    for (int i = 0; i < 64; i++)
        a[i] = (i * 7) % 5;
    printf("%ld %ld %ld\n", sum_to(0), sum_to(1), sum_to(1000));
    printf("%ld %ld %ld\n", count_matches(a, 5, 5, 2), count_matches(a, 0, 64, 2), count_matches(a, 10, 3, 1));
    printf("%zu %zu\n", length(""), length("a loop that walks a pointer"));
    printf("%ld %ld %ld\n", countdown(0), countdown(1), countdown(100));
    printf("%ld %ld %ld\n", two_loops(5, 2), two_loops(2, 9), two_loops(0, 0));
    printf("%ld %ld\n", nested(0, 5), nested(7, 11));
    printf("%d %d %d\n", int_sum(INT_MAX, INT_MAX), int_sum(INT_MAX - 5, INT_MAX), int_sum(-3, 40));
    printf("%d %d %d\n", int_countdown(INT_MIN, INT_MIN), int_countdown(INT_MIN + 9, INT_MIN), int_countdown(50, -7));
    for (int k = 0; k < 3; k++)
        printf("%ld\n", sum_to(k * 10));
    exit_inside(1000);
    printf("not reached\n");
    return 1;
}
