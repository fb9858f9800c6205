// inputs: 0 1 2 3  tags: while-loop, multi-exit, down-count, sort
#include <stdio.h>
#include <stdlib.h>

/* In-place heapsort of unsigned keys (max-heap, sift-down written as a loop). */
void heap_sort(unsigned *a, size_t n)
{
    if (n < 2) return;
    size_t start = n / 2;
    size_t end = n;
    for (;;) {
        if (start > 0) {
            start--;          /* heapify phase */
        } else {
            end--;            /* extraction phase */
            if (end == 0) return;
            unsigned t = a[end];
            a[end] = a[0];
            a[0] = t;
        }
        size_t root = start;
        while (1) {
            size_t child = 2 * root + 1;
            if (child >= end) break;
            if (child + 1 < end && a[child + 1] > a[child]) child++;
            if (a[root] >= a[child]) break;
            unsigned t = a[root];
            a[root] = a[child];
            a[child] = t;
            root = child;
        }
    }
}

static void report(const unsigned *a, size_t n)
{
    int ok = 1;
    unsigned h = 0;
    for (size_t i = 0; i < n; i++) {
        if (i && a[i - 1] > a[i]) ok = 0;
        h = (h ^ a[i]) * 16777619u;
    }
    printf("n=%zu sorted=%d hash=%08x:", n, ok, h);
    for (size_t i = 0; i < n && i < 10; i++) printf(" %u", a[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        unsigned a[1] = {9};
        heap_sort(a, 0);
        heap_sort(a, 1);
        report(a, 1);
        break;
    }
    case 1: {
        unsigned a[9] = {5, 4294967295u, 0, 17, 17, 3, 99, 1, 2};
        heap_sort(a, 9);
        report(a, 9);
        break;
    }
    case 2: {
        unsigned a[64];
        for (int i = 0; i < 64; i++) a[i] = 7;
        heap_sort(a, 64);
        report(a, 64);
        break;
    }
    case 3: {
        size_t n = 25000;
        unsigned *a = malloc(n * sizeof *a);
        unsigned seed = 31337u;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1664525u + 1013904223u;
            a[i] = seed;
        }
        heap_sort(a, n);
        report(a, n);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
