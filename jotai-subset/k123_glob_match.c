// inputs: 0 1 2 3  tags: recursion, switch, early-return, pointer-walk, string, backtracking
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Glob matching with '*', '?', character classes "[a-z]" / "[!x]" and '\\' escapes.
   Recursive on '*'.  *calls counts invocations (to expose backtracking). */
int glob_match(const char *pat, const char *s, long *calls)
{
    (*calls)++;
    while (*pat) {
        switch (*pat) {
        case '*':
            while (*pat == '*') pat++;
            if (!*pat) return 1;
            for (; *s; s++)
                if (glob_match(pat, s, calls)) return 1;
            return 0;
        case '?':
            if (!*s) return 0;
            pat++;
            s++;
            break;
        case '[': {
            if (!*s) return 0;
            const char *p = pat + 1;
            int negate = 0, hit = 0;
            if (*p == '!') { negate = 1; p++; }
            while (*p && *p != ']') {
                if (p[1] == '-' && p[2] && p[2] != ']') {
                    if (*s >= p[0] && *s <= p[2]) hit = 1;
                    p += 3;
                } else {
                    if (*s == *p) hit = 1;
                    p++;
                }
            }
            if (!*p) return 0;          /* unterminated class */
            if (hit == negate) return 0;
            pat = p + 1;
            s++;
            break;
        }
        case '\\':
            if (pat[1]) pat++;
            /* fall through */
        default:
            if (*pat != *s) return 0;
            pat++;
            s++;
            break;
        }
    }
    return *s == '\0';
}

static void t(const char *p, const char *s)
{
    long calls = 0;
    int r = glob_match(p, s, &calls);
    printf("'%s' ~ '%s' -> %d (calls=%ld)\n", p, s, r, calls);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("", "");
        t("", "a");
        t("*", "");
        break;
    case 1:
        t("*.c", "main.c");
        t("*.c", "main.h");
        t("k??_*.[ch]", "k12_glob.h");
        t("[!a-m]*", "zebra");
        t("[!a-m]*", "apple");
        t("a\\*b", "a*b");
        t("a\\*b", "axb");
        t("[abc", "a");
        break;
    case 2:
        t("*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaa");
        t("*a*a*a*b", "aaaaaaaaaaaaaaaaab");
        break;
    case 3: {
        const char *pats[4] = {"*[0-9]*x?", "?*q*", "*[!aeiou][!aeiou]*", "*"};
        char s[32];
        unsigned seed = 4u;
        long tot = 0, matched = 0;
        for (int i = 0; i < 400; i++) {
            seed = seed * 1103515245u + 12345u;
            int len = 4 + (int)((seed >> 16) % 20);
            for (int k = 0; k < len; k++) {
                seed = seed * 1103515245u + 12345u;
                unsigned r = (seed >> 16) % 40;
                s[k] = r < 26 ? (char)('a' + r) : r < 36 ? (char)('0' + r - 26) : 'x';
            }
            s[len] = '\0';
            for (int j = 0; j < 4; j++) {
                long calls = 0;
                matched += glob_match(pats[j], s, &calls);
                tot += calls;
            }
        }
        printf("matched=%ld calls=%ld\n", matched, tot);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
