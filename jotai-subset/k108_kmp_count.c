// inputs: 0 1 2 3  tags: while-loop, nested-loop, multi-exit, string, search
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Knuth-Morris-Pratt: build failure table into fail[] and count occurrences of pat in text.
   Returns count; *first receives the first match position or -1. */
long kmp_count(const char *text, long n, const char *pat, int m, int *fail, long *first)
{
    *first = -1;
    if (m == 0) return 0;
    fail[0] = 0;
    int k = 0;
    for (int q = 1; q < m; q++) {
        while (k > 0 && pat[k] != pat[q])
            k = fail[k - 1];
        if (pat[k] == pat[q])
            k++;
        fail[q] = k;
    }
    long count = 0;
    k = 0;
    for (long i = 0; i < n; i++) {
        while (k > 0 && pat[k] != text[i])
            k = fail[k - 1];
        if (pat[k] == text[i])
            k++;
        if (k == m) {
            if (*first < 0) *first = i - m + 1;
            count++;
            k = fail[k - 1];
        }
    }
    return count;
}

static void show(const char *t, const char *p)
{
    int fail[64];
    long first;
    int m = (int)strlen(p);
    long c = kmp_count(t, (long)strlen(t), p, m, fail, &first);
    printf("'%s': count=%ld first=%ld fail:", p, c, first);
    for (int i = 0; i < m; i++) printf(" %d", fail[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("anything", "");
        show("", "abc");
        break;
    case 1:
        show("abababcabababcababab", "ababc");
        show("aaaaaa", "aa");
        show("abcxabcdabxabcdabcdabcy", "abcdabcy");
        break;
    case 2:
        show("xyzxyzxyz", "zzz");
        break;
    case 3: {
        long n = 300000;
        char *t = malloc((size_t)n + 1);
        unsigned seed = 1u;
        for (long i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            t[i] = ((seed >> 16) % 8 == 0) ? 'b' : 'a';
        }
        t[n] = '\0';
        int fail[16];
        long first;
        long c = kmp_count(t, n, "aaaaaaab", 8, fail, &first);
        printf("count=%ld first=%ld fail:", c, first);
        for (int i = 0; i < 8; i++) printf(" %d", fail[i]);
        printf("\n");
        c = kmp_count(t, n, "aabaabaa", 8, fail, &first);
        printf("count=%ld first=%ld fail:", c, first);
        for (int i = 0; i < 8; i++) printf(" %d", fail[i]);
        printf("\n");
        free(t);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
