/* Counted loops that -fprofile-use's unrolling copies: every function is
   called through a pointer (so it is not inlined) with many trip counts,
   most of them long, so that its profile makes the loop hot with a high
   average trip count. Trip counts 0, 1, U-1, U, U+1 and long non-multiples
   of the factor run through the remainder loop; unsigned loops run to
   UINT_MAX and wrap to 0, signed ones run to INT_MAX and from INT_MIN;
   steps are negative, 2 and 3; loops return early from inside the body;
   a loop whose bound is a global it changes must be left alone. */
#include <limits.h>
#include <stdio.h>

static int data[4096];
static int limit_global;

static long sum_up(int lo, int hi)
{
    long s = 0;
    for (int i = lo; i < hi; i++)
        s += data[i & 4095] ^ i;
    return s;
}

static long sum_up_inclusive(int lo, int hi)
{
    long s = 0;
    for (int i = lo; i <= hi; i++)
        s += (long)i * 3 + data[i & 4095];
    return s;
}

static long sum_down(int hi, int lo)
{
    unsigned long s = 0;
    for (int i = hi; i > lo; i--)
        s = s * 7 + i;
    return s;
}

static long sum_down_inclusive(int hi, int lo)
{
    long s = 0;
    for (int i = hi; i >= lo; i--)
        s += i ^ 0x55;
    return s;
}

static long step_two(int lo, int hi)
{
    long s = 0;
    for (int i = lo; i < hi; i += 2)
        s += i;
    return s;
}

static long step_minus_three(int hi, int lo)
{
    unsigned long s = 0;
    for (int i = hi; i > lo; i -= 3)
        s = s * 3 + i;
    return s;
}

static long unsigned_up(unsigned lo, unsigned hi)
{
    long s = 0;
    for (unsigned i = lo; i < hi; i++)
        s += i % 1000;
    return s;
}

static long unsigned_up_inclusive(unsigned lo, unsigned hi)
{
    long s = 0;
    for (unsigned i = lo; i <= hi; i++)
        s += i % 977;
    return s;
}

static long unsigned_down(unsigned hi, unsigned lo)
{
    long s = 0;
    for (unsigned i = hi; i > lo; i--)
        s += i % 13;
    return s;
}

/* Counts up to 0 through UINT_MAX when lo is above 0: an `ne` loop that
   wraps around. */
static long unsigned_wrap(unsigned lo, unsigned unused)
{
    long s = 0;
    (void)unused;
    for (unsigned i = lo; i != 0; i++)
        s += i & 7;
    return s;
}

static long not_equal(int lo, int hi)
{
    long s = 0;
    for (int i = lo; i != hi; i++)
        s += data[i & 4095];
    return s;
}

static long not_equal_down(int hi, int lo)
{
    unsigned long s = 0;
    for (int i = hi; i != lo; i--)
        s = s * 5 + (i & 3);
    return s;
}

static long unsigned_char_loop(int lo, int hi)
{
    long s = 0;
    for (unsigned char c = (unsigned char)lo; c < (unsigned char)hi; c++)
        s += c;
    return s;
}

/* The index of the first element equal to x at or after lo, or -1. */
static long find_from(int lo, int hi)
{
    int x = hi % 97;
    for (int i = lo; i < hi; i++)
        if (data[i & 4095] == x)
            return i;
    return -1;
}

/* The bound is a global the loop lowers: not invariant. */
static long global_bound(int lo, int hi)
{
    long s = 0;
    limit_global = hi;
    for (int i = lo; i < limit_global; i++) {
        s += i;
        if ((i & 15) == 15)
            limit_global--;
    }
    return s;
}

typedef long (*loop_fn)(int, int);

static long run_all(loop_fn f, int lo, int hi)
{
    return f(lo, hi);
}

int main(void)
{
    for (int i = 0; i < 4096; i++)
        data[i] = (i * 37 + 11) % 101;
    static const int lengths[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 1000, 1001, 1003, 999 };
    int n = sizeof lengths / sizeof lengths[0];
    loop_fn up[] = { sum_up, sum_up_inclusive, step_two, not_equal, find_from, global_bound };
    loop_fn down[] = { sum_down, sum_down_inclusive, step_minus_three, not_equal_down };
    unsigned long total = 0;
    for (int r = 0; r < 3; r++) {
        for (int k = 0; k < n; k++) {
            int len = lengths[k];
            for (unsigned f = 0; f < sizeof up / sizeof up[0]; f++) {
                long a = run_all(up[f], 0, len);
                long b = run_all(up[f], -len / 2, len - len / 2);
                /* Up to INT_MAX, or just below where the last step would
                   overflow (<= INT_MAX, += 2). */
                long c = run_all(up[f], INT_MAX - len, INT_MAX - (f == 1 || f == 2));
                long d = run_all(up[f], INT_MIN, INT_MIN + len);
                printf("up%u %d: %ld %ld %ld %ld\n", f, len, a, b, c, d);
                total += (unsigned long)a + (unsigned long)b + (unsigned long)c + (unsigned long)d;
            }
            for (unsigned f = 0; f < sizeof down / sizeof down[0]; f++) {
                long a = run_all(down[f], len, 0);
                /* Down to INT_MIN, or just above where the last step
                   would overflow (>= INT_MIN, -= 3). */
                long b = run_all(down[f], INT_MIN + len, INT_MIN + (f == 1 ? 1 : f == 2 ? 2 : 0));
                long c = run_all(down[f], INT_MAX, INT_MAX - len);
                printf("down%u %d: %ld %ld %ld\n", f, len, a, b, c);
                total += (unsigned long)a + (unsigned long)b + (unsigned long)c;
            }
            long (*unsigned_fns[])(unsigned, unsigned) = { unsigned_up, unsigned_up_inclusive };
            for (unsigned f = 0; f < 2; f++) {
                long a = unsigned_fns[f](0, (unsigned)len);
                long b = unsigned_fns[f](UINT_MAX - (unsigned)len, UINT_MAX - (f == 1));
                long c = unsigned_fns[f](5, (unsigned)len);
                printf("unsigned%u %d: %ld %ld %ld\n", f, len, a, b, c);
                total += (unsigned long)a + (unsigned long)b + (unsigned long)c;
            }
            long dn = unsigned_down((unsigned)len, 0) ^ unsigned_down(UINT_MAX, UINT_MAX - (unsigned)len);
            long wrap = unsigned_wrap(UINT_MAX - (unsigned)len + 1, 0) + unsigned_wrap(UINT_MAX - 2 * (unsigned)len, 0);
            long uc = run_all(unsigned_char_loop, 250 - len % 250, 255) + run_all(unsigned_char_loop, 0, len);
            printf("unsigned down/wrap/char %d: %ld %ld %ld\n", len, dn, wrap, uc);
            total += (unsigned long)dn + (unsigned long)wrap + (unsigned long)uc;
        }
    }
    printf("total %lu\n", total);
    return 0;
}
