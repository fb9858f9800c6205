// inputs: 0 1 2 3  tags: nested-loop, multi-exit, while-loop, codec
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Greedy LZ77 parse with a sliding window: for each position find the longest match
   in the previous `window` bytes (min length 3, max 258).  Emits (dist,len) or literal
   tokens counts.  Returns number of tokens; *lits and *matches get the split. */
long lz_parse(const unsigned char *buf, long n, long window, long *lits, long *matches, long *covered)
{
    long pos = 0, tokens = 0;
    *lits = *matches = *covered = 0;
    while (pos < n) {
        long best_len = 0, best_dist = 0;
        long start = pos > window ? pos - window : 0;
        long maxlen = n - pos < 258 ? n - pos : 258;
        if (maxlen >= 3) {
            for (long cand = pos - 1; cand >= start; cand--) {
                if (buf[cand] != buf[pos] || buf[cand + best_len] != buf[pos + best_len])
                    continue;
                long len = 1;
                while (len < maxlen && buf[cand + len] == buf[pos + len])
                    len++;
                if (len > best_len) {
                    best_len = len;
                    best_dist = pos - cand;
                    if (len == maxlen) break;
                }
                if (best_len >= maxlen) break;
            }
        }
        tokens++;
        if (best_len >= 3) {
            (*matches)++;
            *covered += best_len;
            pos += best_len;
            (void)best_dist;
        } else {
            (*lits)++;
            pos++;
        }
    }
    return tokens;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    long lits, matches, covered, t;
    switch (opt) {
    case 0: {
        unsigned char b[1] = {0};
        t = lz_parse(b, 0, 32, &lits, &matches, &covered);
        printf("tokens=%ld lits=%ld matches=%ld covered=%ld\n", t, lits, matches, covered);
        break;
    }
    case 1: {
        const char *s = "abcabcabcabcXYZabcabcXYZXYZ";
        t = lz_parse((const unsigned char *)s, (long)strlen(s), 32, &lits, &matches, &covered);
        printf("tokens=%ld lits=%ld matches=%ld covered=%ld\n", t, lits, matches, covered);
        break;
    }
    case 2: {
        unsigned char b[1000];
        memset(b, 'z', sizeof b);
        t = lz_parse(b, 1000, 64, &lits, &matches, &covered);
        printf("tokens=%ld lits=%ld matches=%ld covered=%ld\n", t, lits, matches, covered);
        break;
    }
    case 3: {
        long n = 18000;
        unsigned char *b = malloc((size_t)n);
        unsigned seed = 77u;
        for (long i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 16;
            if (i > 40 && r < 6) b[i] = b[i - 1 - (long)((seed >> 20) % 40)];
            else b[i] = (unsigned char)('a' + r % 8);
        }
        t = lz_parse(b, n, 128, &lits, &matches, &covered);
        printf("tokens=%ld lits=%ld matches=%ld covered=%ld\n", t, lits, matches, covered);
        free(b);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
