#include <stdio.h>

static void swap(long *a, long *b) { long t = *a; *a = *b; *b = t; }

static int partition(long *a, int lo, int hi) {
    long pivot = a[(lo + hi) / 2];
    int i = lo - 1, j = hi + 1;
    for (;;) {
        do i++; while (a[i] < pivot);
        do j--; while (a[j] > pivot);
        if (i >= j) return j;
        swap(&a[i], &a[j]);
    }
}

static void quicksort(long *a, int lo, int hi) {
    if (lo < hi) {
        int p = partition(a, lo, hi);
        quicksort(a, lo, p);
        quicksort(a, p + 1, hi);
    }
}

static void merge_sort(int *a, int *tmp, int n) {
    if (n < 2) return;
    int h = n / 2;
    merge_sort(a, tmp, h);
    merge_sort(a + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < h) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    for (k = 0; k < n; k++) a[k] = tmp[k];
}

int main(void) {
    long a[40];
    unsigned long s = 88172645463325252UL;
    for (int i = 0; i < 40; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        a[i] = (long)(s % 2001) - 1000;
    }
    quicksort(a, 0, 39);
    for (int i = 0; i < 40; i++) printf("%ld ", a[i]);
    printf("\n");
    int ok = 1;
    for (int i = 1; i < 40; i++) if (a[i - 1] > a[i]) ok = 0;
    printf("sorted=%d\n", ok);
    int b[25], tmp[25];
    for (int i = 0; i < 25; i++) b[i] = (i * 37 + 11) % 25 - (i % 3) * 7;
    merge_sort(b, tmp, 25);
    for (int i = 0; i < 25; i++) printf("%d ", b[i]);
    printf("\n");
    long dup[10] = {5, 5, 5, 1, 1, 9, 9, 9, 0, 5};
    quicksort(dup, 0, 9);
    for (int i = 0; i < 10; i++) printf("%ld", dup[i]);
    printf("\n");
    return 0;
}
