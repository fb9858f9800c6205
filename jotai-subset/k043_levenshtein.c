// inputs: 0 1 2 3  tags: dynamic-programming, nested-loop, string, malloc
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Edit distance with a two-row DP table. */
int levenshtein(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    int *prev, *cur, i, j, r;
    if (la == 0)
        return lb;
    if (lb == 0)
        return la;
    prev = malloc(((size_t)lb + 1) * sizeof *prev);
    cur = malloc(((size_t)lb + 1) * sizeof *cur);
    for (j = 0; j <= lb; j++)
        prev[j] = j;
    for (i = 1; i <= la; i++) {
        cur[0] = i;
        for (j = 1; j <= lb; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int d = prev[j] + 1;
            int ins = cur[j - 1] + 1;
            int sub = prev[j - 1] + cost;
            if (ins < d)
                d = ins;
            if (sub < d)
                d = sub;
            cur[j] = d;
        }
        int *t = prev;
        prev = cur;
        cur = t;
    }
    r = prev[lb];
    free(prev);
    free(cur);
    return r;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("%d %d\n", levenshtein("", "abc"), levenshtein("hello", ""));
        break;
    case 1:
        printf("%d\n", levenshtein("kitten", "sitting"));
        printf("%d\n", levenshtein("flaw", "lawn"));
        break;
    case 2:
        printf("%d\n", levenshtein("intention", "execution"));
        printf("%d\n", levenshtein("same", "same"));
        break;
    case 3: {
        int n = 700, i;
        char *a = malloc((size_t)n + 1), *b = malloc((size_t)n + 1);
        unsigned s = 99u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (char)('a' + (s >> 16) % 4u);
            s = s * 1103515245u + 12345u;
            b[i] = (s >> 16) % 5u == 0 ? (char)('a' + (s >> 20) % 4u) : a[i];
        }
        a[n] = b[n] = '\0';
        printf("d=%d\n", levenshtein(a, b));
        free(a);
        free(b);
        break;
    }
    }
    return 0;
}
