// inputs: 0 1 2 3  tags: string, search, while-loop, failure-function, counted-loop
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Counts (possibly overlapping) occurrences of pat in txt using KMP.
 * fail[] must have room for strlen(pat) entries. Returns -1 for empty pattern. */
long kmp_count(const char *txt, const char *pat, int *fail, long *first)
{
    int m = (int)strlen(pat), k = 0, q;
    long i, count = 0;
    *first = -1;
    if (m == 0)
        return -1;
    fail[0] = 0;
    for (q = 1; q < m; q++) {
        while (k > 0 && pat[k] != pat[q])
            k = fail[k - 1];
        if (pat[k] == pat[q])
            k++;
        fail[q] = k;
    }
    k = 0;
    for (i = 0; txt[i]; i++) {
        while (k > 0 && pat[k] != txt[i])
            k = fail[k - 1];
        if (pat[k] == txt[i])
            k++;
        if (k == m) {
            if (count == 0)
                *first = i - m + 1;
            count++;
            k = fail[k - 1];
        }
    }
    return count;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int fail[64], i;
    long first = 0, c;
    switch (opt) {
    case 0:
        c = kmp_count("abc", "", fail, &first);
        printf("c=%ld first=%ld\n", c, first);
        break;
    case 1:
        c = kmp_count("abababcabababab", "abab", fail, &first);
        printf("c=%ld first=%ld fail:", c, first);
        for (i = 0; i < 4; i++)
            printf(" %d", fail[i]);
        printf("\n");
        break;
    case 2:
        c = kmp_count("short", "longer pattern", fail, &first);
        printf("c=%ld first=%ld\n", c, first);
        break;
    case 3: {
        int n = 200000;
        char *t = malloc((size_t)n + 1);
        unsigned s = 9u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            t[i] = (s >> 16) % 3u ? 'a' : 'b';
        }
        t[n] = '\0';
        const char *pats[3] = { "aab", "aabaabaaab", "abaabaab" };
        for (i = 0; i < 3; i++) {
            c = kmp_count(t, pats[i], fail, &first);
            printf("pat %d: c=%ld first=%ld\n", i, c, first);
        }
        free(t);
        break;
    }
    }
    return 0;
}
