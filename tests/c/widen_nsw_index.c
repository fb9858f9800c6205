/* Induction-variable widening through signed arithmetic: array indices
   that are expressions of a loop counter (`c - w`, `i * m + j`,
   `2 * i - 1`, negative counters and offsets), an index extended inside
   the loop and used after it, and unsigned counters that must not be
   rewritten as signed. Output is compared with gcc's. */
#include <stdio.h>

static long knapsack(const int *weight, const int *value, int n, int cap, long *best)
{
    for (int c = 0; c <= cap; c++) best[c] = 0;
    for (int i = 0; i < n; i++) {
        int w = weight[i];
        for (int c = cap; c >= w; c--) {
            long cand = best[c - w] + value[i];
            if (cand > best[c]) best[c] = cand;
        }
    }
    return best[cap];
}

static double matmul_trace(int n, int m)
{
    double a[6 * 7], b[7 * 6], t = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            a[i * m + j] = i - j * 0.5;
            b[j * n + i] = i * 2 + j;
        }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < m; k++)
            t += a[i * m + k] * b[k * n + i];
    return t;
}

static long negative_offsets(const long *mid, int lo, int hi)
{
    long s = 0;
    for (int i = lo; i < hi; i++) s += mid[2 * i - 1] - mid[-i] + mid[i * 3 + 1];
    return s;
}

static long used_after_loop(const int *a, int n, int k)
{
    long last = 0, s = 0;
    int i;
    for (i = 0; i < n; i++) {
        last = (long)(i + k);
        s += a[i + k];
    }
    return s * 1000 + last + i;
}

static unsigned unsigned_counter(const unsigned char *p, unsigned lo, unsigned hi)
{
    unsigned s = 0;
    for (unsigned u = lo; u < hi; u++) s = s * 31 + p[u - lo] + p[(u - lo) * 2u];
    return s;
}

static int sieve_count(unsigned char *composite, int n, int *largest)
{
    int count = 0;
    for (int i = 0; i <= n; i++) composite[i] = 0;
    for (int i = 2; i * i <= n; i++)
        if (!composite[i])
            for (int j = i * i; j <= n; j += i) composite[j] = 1;
    for (int i = 2; i <= n; i++)
        if (!composite[i]) {
            count++;
            *largest = i;
        }
    return count;
}

static long invariant_negative_step(const int *a, int hi, int step)
{
    long s = 0;
    int i;
    for (i = hi; i >= 0; i -= step) s = s * 3 + a[i] + i;
    return s * 100 + i;
}

static long down_by_three(const short *a, int n)
{
    long s = 0;
    for (int i = n - 1; i >= 2; i -= 3) s += a[i] * a[i - 2] + a[(i - 2) * 1];
    return s;
}

int main(void)
{
    int weight[] = {3, 4, 5, 9, 1, 12};
    int value[] = {4, 5, 7, 11, 1, 30};
    long best[40];
    short shorts[50];
    long longs[80];
    unsigned char bytes[64];
    int ints[40];
    for (int i = 0; i < 50; i++) shorts[i] = (short)(i * 37 % 101 - 50);
    for (int i = 0; i < 80; i++) longs[i] = (long)i * i - 40 * i;
    for (int i = 0; i < 64; i++) bytes[i] = (unsigned char)(i * 13 + 7);
    for (int i = 0; i < 40; i++) ints[i] = i * i - 7 * i;
    for (int cap = 0; cap < 40; cap += 7)
        printf("knapsack(%d) = %ld\n", cap, knapsack(weight, value, 6, cap, best));
    printf("matmul %.2f %.2f %.2f\n", matmul_trace(6, 7), matmul_trace(3, 2), matmul_trace(0, 4));
    printf("negative %ld %ld %ld\n", negative_offsets(longs + 40, 1, 12), negative_offsets(longs + 40, -9, -2),
           negative_offsets(longs + 40, 3, 3));
    printf("after %ld %ld %ld\n", used_after_loop(ints, 20, 5), used_after_loop(ints, 0, 3),
           used_after_loop(ints, 30, 9));
    printf("unsigned %u %u %u\n", unsigned_counter(bytes, 4000000000u, 4000000031u),
           unsigned_counter(bytes, 0, 20), unsigned_counter(bytes, 7, 7));
    printf("down %ld %ld %ld\n", down_by_three(shorts, 50), down_by_three(shorts, 3), down_by_three(shorts, 1));
    unsigned char composite[1000];
    int largest = 0;
    int count = sieve_count(composite, 997, &largest);
    printf("sieve %d %d", count, largest);
    count = sieve_count(composite, 2, &largest);
    printf(" %d %d\n", count, largest);
    printf("step %ld %ld %ld\n", invariant_negative_step(ints, 39, 4), invariant_negative_step(ints, 5, 7),
           invariant_negative_step(ints, 0, 1));
    return 0;
}
