/* Loads of memory that a loop never writes move out of it; a loop that
   does not run must not load at all (a null pointer here), and loops that
   store or call keep their loads. Output is compared with gcc's. */
#include <stdio.h>

static int calls;

static void touch(int *p) { *p += 1; calls++; }

static long scale_sum(const int *a, int n, const int *factor)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (long)a[i] * *factor;
    return s;
}

static int count_equal(const unsigned char *b, long p, long start)
{
    int n = 0;
    for (long c = p - 1; c >= start; c--)
        if (b[c] == b[p]) n++;
    return n;
}

static long stores_through_alias(int *a, int n, int *k)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        s += *k;
        a[i] = i;
    }
    return s;
}

static long calls_in_loop(int *k, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        s += *k;
        touch(k);
    }
    return s;
}

int main(void)
{
    int a[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    int f = 3;
    unsigned char b[] = "abracadabra";
    printf("scale %ld %ld\n", scale_sum(a, 8, &f), scale_sum(a, 0, 0));
    printf("count %d %d %d\n", count_equal(b, 10, 0), count_equal(b, 7, 2), count_equal(b, 0, 0));
    int k = 10;
    printf("alias %ld", stores_through_alias(a, 8, &a[3]));
    printf(" %ld\n", stores_through_alias(a, 8, &k));
    k = 1;
    printf("calls %ld %d\n", calls_in_loop(&k, 5), calls);
    return 0;
}
