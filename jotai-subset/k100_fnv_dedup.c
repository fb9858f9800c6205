// inputs: 0 1 2 3  tags: pointer-walk, hash, counted-loop, multi-exit, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Count distinct strings using an open-addressing table keyed by FNV-1a hashes.
   table has `cap` slots (power of two) holding string indices (-1 = empty).
   Returns number of distinct strings, or -1 if the table filled up. */
int count_distinct(const char **strs, int n, int *table, unsigned cap)
{
    for (unsigned i = 0; i < cap; i++) table[i] = -1;
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        unsigned h = 2166136261u;
        const char *p = strs[i];
        while (*p) {
            h ^= (unsigned char)*p++;
            h *= 16777619u;
        }
        unsigned slot = h & (cap - 1);
        unsigned probes = 0;
        for (;;) {
            if (table[slot] < 0) {
                table[slot] = i;
                distinct++;
                break;
            }
            if (strcmp(strs[table[slot]], strs[i]) == 0)
                break;
            if (++probes == cap)
                return -1;
            slot = (slot + 1) & (cap - 1);
        }
    }
    return distinct;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int table[8];
        printf("distinct=%d\n", count_distinct(NULL, 0, table, 8));
        break;
    }
    case 1: {
        const char *w[] = {"apple", "pear", "apple", "", "plum", "pear", "", "fig", "apple"};
        int table[16];
        printf("distinct=%d\n", count_distinct(w, 9, table, 16));
        for (int i = 0; i < 16; i++) printf("%d ", table[i]);
        printf("\n");
        break;
    }
    case 2: {
        const char *w[] = {"a", "b", "c", "d", "e"};
        int table[4];
        printf("distinct=%d\n", count_distinct(w, 5, table, 4));
        break;
    }
    case 3: {
        int n = 60000;
        char *pool = malloc((size_t)n * 12);
        const char **strs = malloc((size_t)n * sizeof *strs);
        unsigned seed = 9u;
        for (int i = 0; i < n; i++) {
            char *s = pool + (size_t)i * 12;
            seed = seed * 1103515245u + 12345u;
            unsigned v = (seed >> 10) % 20000u;
            int len = 3 + (int)(v % 8);
            for (int k = 0; k < len; k++) { s[k] = (char)('a' + v % 26); v = v / 26 + (unsigned)k * 7u; }
            s[len] = '\0';
            strs[i] = s;
        }
        unsigned cap = 65536;
        int *table = malloc(cap * sizeof *table);
        int d = count_distinct(strs, n, table, cap);
        unsigned used = 0, mix = 0;
        for (unsigned i = 0; i < cap; i++) if (table[i] >= 0) { used++; mix = mix * 31u + (unsigned)table[i]; }
        printf("distinct=%d used=%u mix=%08x\n", d, used, mix);
        free(table);
        free(strs);
        free(pool);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
