// inputs: 0 1 2 3  tags: while-loop, multi-exit, early-return, search, struct
#include <stdio.h>
#include <stdlib.h>

struct entry {
    int key;
    int value;
};

/* Binary search for key in a sorted array of entries.  On success returns the index of
   the FIRST entry with that key and stores the count of equal keys in *count.
   On failure returns -(insertion point) - 1 and sets *count to 0. */
int bsearch_range(const struct entry *tab, int n, int key, int *count)
{
    int lo = 0, hi = n - 1;
    *count = 0;
    if (n == 0) return -1;
    if (key < tab[0].key) return -1;
    if (key > tab[n - 1].key) return -n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (tab[mid].key < key) {
            lo = mid + 1;
        } else if (tab[mid].key > key) {
            hi = mid - 1;
        } else {
            int first = mid, last = mid;
            while (first > 0 && tab[first - 1].key == key) first--;
            while (last < n - 1 && tab[last + 1].key == key) last++;
            *count = last - first + 1;
            return first;
        }
    }
    return -lo - 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    int cnt;
    switch (opt) {
    case 0: {
        struct entry t[1] = {{0, 0}};
        int r = bsearch_range(t, 0, 5, &cnt);
        printf("empty: %d count=%d\n", r, cnt);
        break;
    }
    case 1: {
        struct entry t[10];
        int keys[10] = {1, 3, 3, 3, 7, 9, 9, 12, 15, 20};
        for (int i = 0; i < 10; i++) { t[i].key = keys[i]; t[i].value = i * 10; }
        int q[] = {0, 1, 3, 4, 9, 12, 13, 20, 21};
        for (int i = 0; i < 9; i++) {
            int r = bsearch_range(t, 10, q[i], &cnt);
            printf("key %d -> %d count=%d value=%d\n", q[i], r, cnt, r >= 0 ? t[r].value : -1);
        }
        break;
    }
    case 2: {
        struct entry t[5];
        for (int i = 0; i < 5; i++) { t[i].key = 4; t[i].value = i; }
        int r = bsearch_range(t, 5, 4, &cnt);
        printf("all equal -> %d count=%d\n", r, cnt);
        break;
    }
    case 3: {
        int n = 4096;
        struct entry *t = malloc((size_t)n * sizeof *t);
        int k = 0;
        unsigned seed = 1u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            k += (int)((seed >> 16) % 3);
            t[i].key = k;
            t[i].value = i;
        }
        long found = 0, missing = 0, eq = 0;
        long possum = 0;
        for (int q = -5; q < k + 5; q++) {
            int r = bsearch_range(t, n, q, &cnt);
            if (r >= 0) { found++; eq += cnt; possum += r; }
            else { missing++; possum += -r - 1; }
        }
        printf("found=%ld missing=%ld eq=%ld possum=%ld\n", found, missing, eq, possum);
        free(t);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
