// inputs: 0 1 2 3  tags: nested-loop, counted-loop, early-return, dynamic-programming, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Levenshtein distance with two rolling rows (row buffer supplied by caller, size lb+1).
   If the distance is certain to exceed max_d, returns max_d + 1 early (band check). */
int levenshtein(const char *a, int la, const char *b, int lb, int *row, int max_d)
{
    if (la == 0) return lb;
    if (lb == 0) return la;
    if (la - lb > max_d || lb - la > max_d) return max_d + 1;
    for (int j = 0; j <= lb; j++) row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        int rowmin = row[0];
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int v = diag + cost;
            if (up + 1 < v) v = up + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            diag = up;
            if (v < rowmin) rowmin = v;
        }
        if (rowmin > max_d) return max_d + 1;
    }
    return row[lb];
}

static void t(const char *a, const char *b, int max_d)
{
    int row[128];
    int d = levenshtein(a, (int)strlen(a), b, (int)strlen(b), row, max_d);
    printf("'%s' '%s' max=%d -> %d\n", a, b, max_d, d);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("", "abc", 10);
        t("abcd", "", 10);
        t("a", "abcdefgh", 2);
        break;
    case 1:
        t("kitten", "sitting", 10);
        t("flaw", "lawn", 10);
        t("intention", "execution", 10);
        t("same", "same", 0);
        break;
    case 2:
        t("abcdefghij", "zyxwvutsrq", 3);
        break;
    case 3: {
        int n = 30, len = 32;
        char words[60][41];
        unsigned seed = 1u;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < len; k++) {
                seed = seed * 1103515245u + 12345u;
                words[i][k] = (char)('a' + (seed >> 16) % 4);
            }
            words[i][len] = '\0';
        }
        int row[64];
        long total = 0;
        int best = 1000, bi = 0, bj = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int d = levenshtein(words[i], len, words[j], len, row, 100);
                total += d;
                if (d < best) { best = d; bi = i; bj = j; }
            }
        printf("total=%ld best=%d (%d,%d)\n%s\n%s\n", total, best, bi, bj, words[bi], words[bj]);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
