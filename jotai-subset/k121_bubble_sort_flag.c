// inputs: 0 1 2 3  tags: do-while, nested-loop, down-count, sort, early-exit
#include <stdio.h>
#include <stdlib.h>

struct rec {
    short key;
    short tag;
};

/* Bubble sort over a struct array with the "last swap" optimisation: each pass stops
   where the previous pass made its last swap.  Returns number of passes. */
int bubble_sort(struct rec *a, int n)
{
    int passes = 0;
    int bound = n - 1;
    int last;
    if (n < 2) return 0;
    do {
        last = 0;
        for (int i = 0; i < bound; i++) {
            if (a[i].key > a[i + 1].key) {
                struct rec t = a[i];
                a[i] = a[i + 1];
                a[i + 1] = t;
                last = i;
            }
        }
        bound = last;
        passes++;
    } while (last > 0);
    return passes;
}

static void report(const struct rec *a, int n)
{
    int ok = 1, stable = 1;
    unsigned h = 0;
    for (int i = 0; i < n; i++) {
        if (i && a[i - 1].key > a[i].key) ok = 0;
        if (i && a[i - 1].key == a[i].key && a[i - 1].tag > a[i].tag) stable = 0;
        h = h * 31u + (unsigned)(a[i].key + 40000) + (unsigned)a[i].tag * 7u;
    }
    printf("sorted=%d stable=%d hash=%08x:", ok, stable, h);
    for (int i = 0; i < n && i < 10; i++) printf(" %d/%d", a[i].key, a[i].tag);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        struct rec a[1] = {{5, 0}};
        printf("passes=%d\n", bubble_sort(a, 1));
        report(a, 1);
        break;
    }
    case 1: {
        struct rec a[6];
        for (int i = 0; i < 6; i++) { a[i].key = (short)i; a[i].tag = (short)i; }
        printf("passes=%d\n", bubble_sort(a, 6));
        report(a, 6);
        break;
    }
    case 2: {
        struct rec a[10];
        short keys[10] = {4, 2, 4, 1, 9, 2, 0, 4, -3, 2};
        for (int i = 0; i < 10; i++) { a[i].key = keys[i]; a[i].tag = (short)i; }
        printf("passes=%d\n", bubble_sort(a, 10));
        report(a, 10);
        break;
    }
    case 3: {
        int n = 1100;
        struct rec *a = malloc((size_t)n * sizeof *a);
        unsigned seed = 100u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i].key = (short)((int)((seed >> 16) % 2000) - 1000);
            a[i].tag = (short)i;
        }
        printf("passes=%d\n", bubble_sort(a, n));
        report(a, n);
        free(a);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
