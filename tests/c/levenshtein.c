#include <stdio.h>
#include <string.h>

static int min3(int a, int b, int c) { int m = a < b ? a : b; return m < c ? m : c; }

static int lev(const char *a, const char *b) {
    int n = (int)strlen(a), m = (int)strlen(b);
    int d[32][32];
    for (int i = 0; i <= n; i++) d[i][0] = i;
    for (int j = 0; j <= m; j++) d[0][j] = j;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= m; j++)
            d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
    return d[n][m];
}

static int lcs(const char *a, const char *b, char *out) {
    int n = (int)strlen(a), m = (int)strlen(b);
    static int t[32][32];
    for (int i = n; i >= 0; i--)
        for (int j = m; j >= 0; j--)
            t[i][j] = (i == n || j == m) ? 0
                    : a[i] == b[j] ? 1 + t[i + 1][j + 1]
                    : t[i + 1][j] > t[i][j + 1] ? t[i + 1][j] : t[i][j + 1];
    int i = 0, j = 0, k = 0;
    while (i < n && j < m) {
        if (a[i] == b[j]) { out[k++] = a[i]; i++; j++; }
        else if (t[i + 1][j] >= t[i][j + 1]) i++;
        else j++;
    }
    out[k] = 0;
    return t[0][0];
}

int main(void) {
    const char *pairs[][2] = {{"kitten", "sitting"}, {"flaw", "lawn"}, {"", "abc"}, {"same", "same"},
                              {"intention", "execution"}, {"abcdefghij", "jihgfedcba"}};
    char buf[32];
    for (int i = 0; i < 6; i++) {
        int l = lcs(pairs[i][0], pairs[i][1], buf);
        printf("%s/%s lev=%d lcs=%d [%s]\n", pairs[i][0], pairs[i][1], lev(pairs[i][0], pairs[i][1]), l, buf);
    }
    return 0;
}
