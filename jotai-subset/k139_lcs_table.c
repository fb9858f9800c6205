// inputs: 0 1 2 3  tags: nested-loop, down-count, dynamic-programming, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest common subsequence with a full (la+1) x (lb+1) table, then backtrack to
   reconstruct one LCS into out.  Returns its length. */
int lcs(const char *a, int la, const char *b, int lb, unsigned short *tab, char *out)
{
    int w = lb + 1;
    for (int j = 0; j <= lb; j++) tab[j] = 0;
    for (int i = 1; i <= la; i++) {
        tab[i * w] = 0;
        for (int j = 1; j <= lb; j++) {
            if (a[i - 1] == b[j - 1])
                tab[i * w + j] = (unsigned short)(tab[(i - 1) * w + j - 1] + 1);
            else if (tab[(i - 1) * w + j] >= tab[i * w + j - 1])
                tab[i * w + j] = tab[(i - 1) * w + j];
            else
                tab[i * w + j] = tab[i * w + j - 1];
        }
    }
    int len = tab[la * w + lb];
    int i = la, j = lb, k = len;
    out[k] = '\0';
    while (i > 0 && j > 0) {
        if (a[i - 1] == b[j - 1]) {
            out[--k] = a[i - 1];
            i--;
            j--;
        } else if (tab[(i - 1) * w + j] >= tab[i * w + j - 1]) {
            i--;
        } else {
            j--;
        }
    }
    return len;
}

static void t(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    unsigned short *tab = malloc((size_t)(la + 1) * (size_t)(lb + 1) * sizeof *tab);
    char out[256];
    int n = lcs(a, la, b, lb, tab, out);
    printf("'%s' '%s' -> %d '%s'\n", a, b, n, out);
    free(tab);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("", "");
        t("abc", "");
        break;
    case 1:
        t("ABCBDAB", "BDCABA");
        t("AGGTAB", "GXTXAYB");
        break;
    case 2:
        t("abc", "xyz");
        break;
    case 3: {
        int la = 700, lb = 600;
        char *a = malloc((size_t)la + 1), *b = malloc((size_t)lb + 1);
        unsigned seed = 42u;
        for (int i = 0; i < la; i++) { seed = seed * 1103515245u + 12345u; a[i] = (char)('a' + (seed >> 16) % 6); }
        for (int i = 0; i < lb; i++) { seed = seed * 1103515245u + 12345u; b[i] = (char)('a' + (seed >> 16) % 6); }
        a[la] = b[lb] = '\0';
        unsigned short *tab = malloc((size_t)(la + 1) * (size_t)(lb + 1) * sizeof *tab);
        char *out = malloc((size_t)lb + 1);
        int n = lcs(a, la, b, lb, tab, out);
        unsigned h = 0;
        for (int i = 0; i < n; i++) h = h * 31u + (unsigned char)out[i];
        printf("lcs=%d hash=%08x head=%.40s\n", n, h, out);
        free(a); free(b); free(tab); free(out);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
