/* Sorting algorithm zoo driven through function pointers and a generic comparator. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*CmpFn)(const void *, const void *);
typedef void (*SortFn)(void *base, size_t n, size_t sz, CmpFn cmp);

static unsigned long comparisons;

static void swap_bytes(void *a, void *b, size_t sz) {
    unsigned char *p = a, *q = b, t;
    while (sz--) { t = *p; *p++ = *q; *q++ = t; }
}

#define ELEM(base, i, sz) ((char *)(base) + (i) * (sz))

static void bubble_sort(void *base, size_t n, size_t sz, CmpFn cmp) {
    for (size_t i = 0; i + 1 < n; i++) {
        int swapped = 0;
        for (size_t j = 0; j + 1 < n - i; j++)
            if (cmp(ELEM(base, j, sz), ELEM(base, j + 1, sz)) > 0) { swap_bytes(ELEM(base, j, sz), ELEM(base, j + 1, sz), sz); swapped = 1; }
        if (!swapped) break;
    }
}

static void insertion_sort(void *base, size_t n, size_t sz, CmpFn cmp) {
    char tmp[64];
    for (size_t i = 1; i < n; i++) {
        memcpy(tmp, ELEM(base, i, sz), sz);
        size_t j = i;
        while (j > 0 && cmp(ELEM(base, j - 1, sz), tmp) > 0) { memcpy(ELEM(base, j, sz), ELEM(base, j - 1, sz), sz); j--; }
        memcpy(ELEM(base, j, sz), tmp, sz);
    }
}

static void shell_sort(void *base, size_t n, size_t sz, CmpFn cmp) {
    static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
    char tmp[64];
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        size_t gap = gaps[g];
        for (size_t i = gap; i < n; i++) {
            memcpy(tmp, ELEM(base, i, sz), sz);
            size_t j = i;
            for (; j >= gap && cmp(ELEM(base, j - gap, sz), tmp) > 0; j -= gap) memcpy(ELEM(base, j, sz), ELEM(base, j - gap, sz), sz);
            memcpy(ELEM(base, j, sz), tmp, sz);
        }
    }
}

static void sift_down(char *b, size_t start, size_t end, size_t sz, CmpFn cmp) {
    size_t root = start;
    while (2 * root + 1 < end) {
        size_t child = 2 * root + 1, sw = root;
        if (cmp(b + sw * sz, b + child * sz) < 0) sw = child;
        if (child + 1 < end && cmp(b + sw * sz, b + (child + 1) * sz) < 0) sw = child + 1;
        if (sw == root) return;
        swap_bytes(b + root * sz, b + sw * sz, sz);
        root = sw;
    }
}

static void heap_sort(void *base, size_t n, size_t sz, CmpFn cmp) {
    char *b = base;
    for (size_t s = n / 2; s-- > 0;) sift_down(b, s, n, sz, cmp);
    for (size_t end = n; end > 1; end--) {
        swap_bytes(b, b + (end - 1) * sz, sz);
        sift_down(b, 0, end - 1, sz, cmp);
    }
}

static void merge_rec(char *a, char *tmp, size_t lo, size_t hi, size_t sz, CmpFn cmp) {
    if (hi - lo < 2) return;
    size_t mid = lo + (hi - lo) / 2;
    merge_rec(a, tmp, lo, mid, sz, cmp);
    merge_rec(a, tmp, mid, hi, sz, cmp);
    size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (cmp(a + j * sz, a + i * sz) < 0) memcpy(tmp + k++ * sz, a + j++ * sz, sz);
        else memcpy(tmp + k++ * sz, a + i++ * sz, sz);
    }
    while (i < mid) memcpy(tmp + k++ * sz, a + i++ * sz, sz);
    while (j < hi) memcpy(tmp + k++ * sz, a + j++ * sz, sz);
    memcpy(a + lo * sz, tmp + lo * sz, (hi - lo) * sz);
}

static void merge_sort(void *base, size_t n, size_t sz, CmpFn cmp) {
    char *tmp = malloc(n * sz + 1);
    merge_rec(base, tmp, 0, n, sz, cmp);
    free(tmp);
}

static void quick_rec(char *a, long lo, long hi, size_t sz, CmpFn cmp) {
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        swap_bytes(a + mid * (long)sz, a + hi * (long)sz, sz);
        long store = lo;
        for (long i = lo; i < hi; i++)
            if (cmp(a + i * (long)sz, a + hi * (long)sz) < 0) { swap_bytes(a + i * (long)sz, a + store * (long)sz, sz); store++; }
        swap_bytes(a + store * (long)sz, a + hi * (long)sz, sz);
        if (store - lo < hi - store) { quick_rec(a, lo, store - 1, sz, cmp); lo = store + 1; }
        else { quick_rec(a, store + 1, hi, sz, cmp); hi = store - 1; }
    }
}

static void quick_sort(void *base, size_t n, size_t sz, CmpFn cmp) { if (n) quick_rec(base, 0, (long)n - 1, sz, cmp); }

static int cmp_int(const void *a, const void *b) {
    comparisons++;
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

struct Rec { char name[12]; short age; double score; };
static int cmp_rec(const void *a, const void *b) {
    const struct Rec *x = a, *y = b;
    comparisons++;
    if (x->score != y->score) return x->score < y->score ? 1 : -1;
    if (x->age != y->age) return x->age - y->age;
    return strcmp(x->name, y->name);
}

static const struct { const char *name; SortFn fn; } algos[] = {
    { "bubble", bubble_sort }, { "insertion", insertion_sort }, { "shell", shell_sort },
    { "heap", heap_sort }, { "merge", merge_sort }, { "quick", quick_sort }, { "qsort", qsort },
};

int main(void) {
    enum { N = 300 };
    int data[N], work[N];
    unsigned s = 7;
    for (int i = 0; i < N; i++) { s = s * 1103515245u + 12345u; data[i] = (int)((s >> 16) % 1000) - 500; }
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        memcpy(work, data, sizeof data);
        comparisons = 0;
        algos[a].fn(work, N, sizeof(int), cmp_int);
        int sorted = 1;
        long check = 0;
        for (int i = 1; i < N; i++) if (work[i - 1] > work[i]) sorted = 0;
        for (int i = 0; i < N; i++) check = check * 31 % 1000003 + work[i] + 500;
        printf("%-10s sorted=%d min=%d med=%d max=%d check=%ld%s\n", algos[a].name, sorted, work[0], work[N / 2], work[N - 1], check,
               a == 6 ? "" : (comparisons > 0 ? " (counted)" : ""));
    }
    struct Rec recs[] = {
        { "ann", 31, 88.5 }, { "bob", 25, 92.0 }, { "cid", 31, 88.5 }, { "dee", 22, 75.25 },
        { "eve", 25, 92.0 }, { "fay", 40, 60.0 }, { "gus", 22, 88.5 }, { "hal", 31, 88.5 },
    };
    const size_t nr = sizeof recs / sizeof recs[0];
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        struct Rec w[8];
        memcpy(w, recs, sizeof recs);
        algos[a].fn(w, nr, sizeof w[0], cmp_rec);
        printf("%-10s", algos[a].name);
        for (size_t i = 0; i < nr; i++) printf(" %s/%d/%.2f", w[i].name, w[i].age, w[i].score);
        putchar('\n');
    }
    int sorted[N];
    memcpy(sorted, data, sizeof data);
    qsort(sorted, N, sizeof(int), cmp_int);
    int keys[] = { -500, 0, 17, 499, 123, -1 };
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        int *hit = bsearch(&keys[k], sorted, N, sizeof(int), cmp_int);
        printf("bsearch %4d -> %s", keys[k], hit ? "found" : "absent");
        if (hit) printf(" value=%d", *hit);
        putchar('\n');
    }
    return 0;
}
