/* String search algorithms: naive, KMP, Boyer-Moore-Horspool and Rabin-Karp, cross-checked. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

typedef int (*SearchFn)(const char *text, const char *pat, int *positions, int max, long *work);

static int naive(const char *t, const char *p, int *pos, int max, long *work) {
    int n = (int)strlen(t), m = (int)strlen(p), found = 0;
    for (int i = 0; i + m <= n; i++) {
        int j = 0;
        while (j < m && (++*work, t[i + j] == p[j])) j++;
        if (j == m && found < max) pos[found++] = i;
    }
    return found;
}

static int kmp(const char *t, const char *p, int *pos, int max, long *work) {
    int n = (int)strlen(t), m = (int)strlen(p), found = 0;
    int fail[64];
    if (m == 0) return 0;
    fail[0] = 0;
    for (int i = 1, k = 0; i < m; i++) {
        while (k > 0 && p[i] != p[k]) k = fail[k - 1];
        if (p[i] == p[k]) k++;
        fail[i] = k;
    }
    for (int i = 0, k = 0; i < n; i++) {
        while (k > 0 && t[i] != p[k]) { k = fail[k - 1]; ++*work; }
        ++*work;
        if (t[i] == p[k]) k++;
        if (k == m) {
            if (found < max) pos[found++] = i - m + 1;
            k = fail[k - 1];
        }
    }
    return found;
}

static int horspool(const char *t, const char *p, int *pos, int max, long *work) {
    int n = (int)strlen(t), m = (int)strlen(p), found = 0;
    int shift[256];
    if (m == 0) return 0;
    for (int i = 0; i < 256; i++) shift[i] = m;
    for (int i = 0; i < m - 1; i++) shift[(unsigned char)p[i]] = m - 1 - i;
    int i = 0;
    while (i + m <= n) {
        int j = m - 1;
        while (j >= 0 && (++*work, t[i + j] == p[j])) j--;
        if (j < 0 && found < max) pos[found++] = i;
        i += shift[(unsigned char)t[i + m - 1]];
    }
    return found;
}

static int rabin_karp(const char *t, const char *p, int *pos, int max, long *work) {
    const uint64_t B = 257, M = 1000000007ULL;
    int n = (int)strlen(t), m = (int)strlen(p), found = 0;
    if (m == 0 || m > n) return 0;
    uint64_t hp = 0, ht = 0, pw = 1;
    for (int i = 0; i < m; i++) {
        hp = (hp * B + (unsigned char)p[i]) % M;
        ht = (ht * B + (unsigned char)t[i]) % M;
        if (i) pw = pw * B % M;
    }
    for (int i = 0;; i++) {
        ++*work;
        if (hp == ht && memcmp(t + i, p, (size_t)m) == 0 && found < max) pos[found++] = i;
        if (i + m >= n) break;
        ht = (ht + M * M - (unsigned char)t[i] * pw % M * 1) % M;
        ht = (ht * B + (unsigned char)t[i + m]) % M;
    }
    return found;
}

static const struct { const char *name; SearchFn fn; } algos[] = {
    { "naive", naive }, { "kmp", kmp }, { "horspool", horspool }, { "rabin-karp", rabin_karp },
};

int main(void) {
    static char big[2048];
    for (int i = 0; i < 2047; i++) big[i] = "ab"[(i * i + i / 3) % 7 == 0] ;
    big[2047] = 0;
    const char *texts[] = { "abracadabra", "aaaaaaaaaaaaaaaaaaab", "the quick brown fox jumps over the lazy dog the end", big };
    const char *pats[] = { "abra", "a", "aaab", "the", "zzz", "abaab", "bbbb", "aab" };
    int mismatches = 0;
    for (size_t ti = 0; ti < sizeof texts / sizeof *texts; ti++) {
        for (size_t pi = 0; pi < sizeof pats / sizeof *pats; pi++) {
            int ref[512], refn = -1;
            printf("text%zu /%s/:", ti, pats[pi]);
            for (size_t a = 0; a < sizeof algos / sizeof *algos; a++) {
                int pos[512];
                long work = 0;
                int n = algos[a].fn(texts[ti], pats[pi], pos, 512, &work);
                if (refn < 0) { refn = n; memcpy(ref, pos, sizeof(int) * (size_t)n); }
                else if (n != refn || memcmp(ref, pos, sizeof(int) * (size_t)n) != 0) mismatches++;
                printf(" %s=%d/%ld", algos[a].name, n, work);
            }
            if (refn > 0) {
                printf(" at");
                for (int k = 0; k < refn && k < 6; k++) printf(" %d", ref[k]);
                if (refn > 6) printf(" ...");
            }
            putchar('\n');
        }
    }
    printf("mismatches=%d\n", mismatches);
    return mismatches;
}
