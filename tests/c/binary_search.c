#include <stdio.h>

static int bsearch_int(const int *a, int n, int key) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key) return mid;
        if (a[mid] < key) lo = mid + 1; else hi = mid - 1;
    }
    return -(lo + 1);
}

static int lower_bound(const long *a, int n, long key) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

static unsigned isqrt(unsigned long n) {
    unsigned long lo = 0, hi = 4294967295UL;
    while (lo < hi) {
        unsigned long mid = lo + (hi - lo + 1) / 2;
        if (mid * mid <= n) lo = mid; else hi = mid - 1;
    }
    return (unsigned)lo;
}

static double bisect_root(double lo, double hi) {
    for (int i = 0; i < 60; i++) {
        double mid = (lo + hi) / 2;
        double f = mid * mid * mid - 2 * mid - 5;
        if (f > 0) hi = mid; else lo = mid;
    }
    return lo;
}

int main(void) {
    int a[50];
    for (int i = 0; i < 50; i++) a[i] = i * 3 - 20;
    int keys[] = {-20, -19, 0, 1, 40, 127, 128, -100, 13};
    for (int i = 0; i < 9; i++) printf("%d ", bsearch_int(a, 50, keys[i]));
    printf("\n");
    long b[] = {1, 2, 2, 2, 5, 8, 8, 13};
    for (long k = 0; k <= 14; k++) printf("%d", lower_bound(b, 8, k));
    printf("\n");
    unsigned long ns[] = {0, 1, 2, 15, 16, 17, 1000000, 999999999999UL, 18446744065119617025UL};
    for (int i = 0; i < 9; i++) printf("%u ", isqrt(ns[i]));
    printf("\n");
    printf("%.12f\n", bisect_root(2, 3));
    return 0;
}
