/* String utilities: trim, split, join, replace, case, reverse words, palindromes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define SHOW(expr) printf("%-40s => [%s]\n", #expr, (expr))

static char *trim(char *s) {
    char *end;
    while (isspace((unsigned char)*s)) s++;
    if (*s == 0) return s;
    end = s + strlen(s) - 1;
    while (end > s && isspace((unsigned char)*end)) end--;
    end[1] = '\0';
    return s;
}

static int split(char *s, char delim, char **out, int max) {
    int n = 0;
    char *p = s;
    out[n++] = p;
    while (*p && n < max) {
        if (*p == delim) {
            *p = '\0';
            out[n++] = p + 1;
        }
        p++;
    }
    return n;
}

static char *join(char **parts, int n, const char *sep, char *buf, size_t cap) {
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(buf + len, cap - len, "%s%s", i ? sep : "", parts[i]);
        if (w < 0 || (size_t)w >= cap - len) break;
        len += (size_t)w;
    }
    return buf;
}

static char *replace_all(const char *s, const char *from, const char *to) {
    size_t fl = strlen(from), tl = strlen(to), count = 0;
    const char *p = s;
    if (fl == 0) { char *r = malloc(strlen(s) + 1); strcpy(r, s); return r; }
    while ((p = strstr(p, from)) != NULL) { count++; p += fl; }
    char *res = malloc(strlen(s) + count * tl - count * fl + 1);
    char *w = res;
    while ((p = strstr(s, from)) != NULL) {
        memcpy(w, s, (size_t)(p - s));
        w += p - s;
        memcpy(w, to, tl);
        w += tl;
        s = p + fl;
    }
    strcpy(w, s);
    return res;
}

static void reverse_range(char *a, char *b) {
    while (a < b) { char t = *a; *a++ = *b; *b-- = t; }
}

static char *reverse_words(char *s) {
    size_t n = strlen(s);
    if (n == 0) return s;
    reverse_range(s, s + n - 1);
    char *w = s;
    for (char *p = s;; p++) {
        if (*p == ' ' || *p == '\0') {
            if (p > w) reverse_range(w, p - 1);
            if (*p == '\0') break;
            w = p + 1;
        }
    }
    return s;
}

static int is_palindrome(const char *s) {
    const char *e = s + strlen(s);
    while (s < e) {
        if (!isalnum((unsigned char)*s)) { s++; continue; }
        if (!isalnum((unsigned char)e[-1])) { e--; continue; }
        if (tolower((unsigned char)*s) != tolower((unsigned char)e[-1])) return 0;
        s++; e--;
    }
    return 1;
}

static char *title_case(char *s) {
    int start = 1;
    for (char *p = s; *p; p++) {
        if (isalpha((unsigned char)*p)) {
            *p = (char)(start ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
            start = 0;
        } else start = 1;
    }
    return s;
}

static size_t count_char(const char *s, int c) {
    size_t n = 0;
    while ((s = strchr(s, c)) != NULL) { n++; s++; }
    return n;
}

int main(void) {
    char b1[] = "   hello, world  \t\n";
    char b2[] = "\t\t";
    char b3[] = "x";
    SHOW(trim(b1));
    SHOW(trim(b2));
    SHOW(trim(b3));

    char csv[] = "name,age,,city,";
    char *parts[10];
    int n = split(csv, ',', parts, (int)ARRAY_LEN(parts));
    printf("split -> %d parts:", n);
    for (int i = 0; i < n; i++) printf(" '%s'", parts[i]);
    putchar('\n');
    char buf[128];
    SHOW(join(parts, n, " | ", buf, sizeof buf));
    SHOW(join(parts, 0, "-", buf, sizeof buf));
    char small[8];
    SHOW(join(parts, n, "::", small, sizeof small));

    const char *srcs[][3] = {
        { "the cat sat on the mat", "the", "a" },
        { "aaaa", "aa", "b" },
        { "no match here", "xyz", "!!" },
        { "abcabc", "abc", "abcabc" },
        { "", "a", "b" },
        { "x.y.z", ".", "" },
    };
    for (size_t i = 0; i < ARRAY_LEN(srcs); i++) {
        char *r = replace_all(srcs[i][0], srcs[i][1], srcs[i][2]);
        printf("replace('%s','%s','%s') = '%s' (len %zu)\n", srcs[i][0], srcs[i][1], srcs[i][2], r, strlen(r));
        free(r);
    }
    char w1[] = "the quick brown fox jumps";
    char w2[] = "single";
    char w3[] = "";
    SHOW(reverse_words(w1));
    SHOW(reverse_words(w2));
    SHOW(reverse_words(w3));

    const char *pals[] = { "A man, a plan, a canal: Panama", "racecar", "hello", "", "No 'x' in Nixon", "ab" };
    for (size_t i = 0; i < ARRAY_LEN(pals); i++)
        printf("palindrome(%-32s) = %d\n", pals[i], is_palindrome(pals[i]));
    char t1[] = "hELLO wORLD-from c_code 42nd";
    SHOW(title_case(t1));
    printf("count 'l' in hello world = %zu\n", count_char("hello world", 'l'));
    printf("strspn=%zu strcspn=%zu\n", strspn("123abc", "0123456789"), strcspn("hello;world", ";,"));
    char tok[] = "  a  quick,, brown;fox ";
    for (char *t = strtok(tok, " ,;"); t; t = strtok(NULL, " ,;")) printf("<%s>", t);
    putchar('\n');
    return 0;
}
