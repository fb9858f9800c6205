// inputs: 0 1 2 3  tags: dynamic-programming, nested-loop, multi-dim-array, string, traceback
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 64

/* Longest common subsequence; writes one LCS into out. */
int lcs(const char *a, const char *b, char *out)
{
    static int T[MAXL + 1][MAXL + 1];
    int la = (int)strlen(a), lb = (int)strlen(b);
    int i, j, k;
    if (la > MAXL || lb > MAXL)
        return -1;
    for (i = 0; i <= la; i++)
        T[i][0] = 0;
    for (j = 0; j <= lb; j++)
        T[0][j] = 0;
    for (i = 1; i <= la; i++)
        for (j = 1; j <= lb; j++) {
            if (a[i - 1] == b[j - 1])
                T[i][j] = T[i - 1][j - 1] + 1;
            else if (T[i - 1][j] >= T[i][j - 1])
                T[i][j] = T[i - 1][j];
            else
                T[i][j] = T[i][j - 1];
        }
    k = T[la][lb];
    out[k] = '\0';
    i = la;
    j = lb;
    while (i > 0 && j > 0) {
        if (a[i - 1] == b[j - 1]) {
            out[--k] = a[i - 1];
            i--;
            j--;
        } else if (T[i - 1][j] >= T[i][j - 1]) {
            i--;
        } else {
            j--;
        }
    }
    return T[la][lb];
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char out[MAXL + 1];
    int r;
    out[0] = '\0';
    switch (opt) {
    case 0:
        r = lcs("", "abc", out);
        break;
    case 1:
        r = lcs("ABCBDAB", "BDCABA", out);
        break;
    case 2:
        r = lcs("the quick brown fox jumps over", "a lazy dog quickly jumped over it", out);
        break;
    case 3:
        r = lcs("0123456789012345678901234567890123456789012345678901234567890123456789", "x", out);
        break;
    default:
        return 0;
    }
    printf("len=%d lcs=[%s]\n", r, r >= 0 ? out : "");
    return 0;
}
