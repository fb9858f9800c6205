/* Kernighan & Pike regular expression matcher, extended with '+', '?', '.', classes. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

static int matchhere(const char *re, const char *text);
static int steps;

/* Does character c match the single-char pattern at re (., literal, \d, \w, [..])? */
static int matchone(const char *re, int c, int *len) {
    steps++;
    if (c == 0) { *len = 1; return 0; }
    if (re[0] == '\\' && re[1]) {
        *len = 2;
        switch (re[1]) {
        case 'd': return isdigit(c) != 0;
        case 'w': return isalnum(c) || c == '_';
        case 's': return isspace(c) != 0;
        default: return c == re[1];
        }
    }
    if (re[0] == '[') {
        const char *p = re + 1;
        int neg = 0, hit = 0;
        if (*p == '^') { neg = 1; p++; }
        while (*p && *p != ']') {
            if (p[1] == '-' && p[2] && p[2] != ']') {
                if (c >= p[0] && c <= p[2]) hit = 1;
                p += 3;
            } else {
                if (c == *p) hit = 1;
                p++;
            }
        }
        *len = (int)(p - re) + (*p == ']');
        return hit ^ neg;
    }
    *len = 1;
    return re[0] == '.' || re[0] == c;
}

static int patlen(const char *re) {
    int len;
    matchone(re, 'x', &len);
    steps--;
    return len;
}

/* c* : leftmost longest */
static int matchstar(const char *atom, const char *re, const char *text) {
    const char *t;
    int len;
    for (t = text; *t != '\0' && matchone(atom, (unsigned char)*t, &len); t++)
        ;
    do {
        if (matchhere(re, t)) return 1;
    } while (t-- > text);
    return 0;
}

static int matchhere(const char *re, const char *text) {
    if (re[0] == '\0') return 1;
    int n = patlen(re);
    char q = re[n];
    if (q == '*') return matchstar(re, re + n + 1, text);
    if (q == '+') {
        int len;
        return *text && matchone(re, (unsigned char)*text, &len) && matchstar(re, re + n + 1, text + 1);
    }
    if (q == '?') {
        int len;
        if (*text && matchone(re, (unsigned char)*text, &len) && matchhere(re + n + 1, text + 1)) return 1;
        return matchhere(re + n + 1, text);
    }
    if (re[0] == '$' && re[1] == '\0') return *text == '\0';
    int len;
    if (*text != '\0' && matchone(re, (unsigned char)*text, &len)) return matchhere(re + n, text + 1);
    return 0;
}

static int match(const char *re, const char *text, int *where) {
    if (re[0] == '^') { *where = 0; return matchhere(re + 1, text); }
    const char *t = text;
    do {
        if (matchhere(re, t)) { *where = (int)(t - text); return 1; }
    } while (*t++ != '\0');
    *where = -1;
    return 0;
}

struct Case { const char *re, *text; int expect; };

#define CASE(r, t, e) { r, t, e }
static const struct Case cases[] = {
    CASE("abc", "xxabcxx", 1), CASE("^abc", "xxabc", 0), CASE("abc$", "xxabc", 1),
    CASE("a*b", "aaab", 1), CASE("a*b", "b", 1), CASE("a+b", "b", 0), CASE("a+b", "xab", 1),
    CASE("colou?r", "color", 1), CASE("colou?r", "colour", 1), CASE("colou?r", "colouur", 0),
    CASE("^\\d+$", "12345", 1), CASE("^\\d+$", "123a5", 0), CASE("\\w+@\\w+\\.com", "mail bob@example.com now", 1),
    CASE("[a-f]+[0-9]", "zzzbeef7", 1), CASE("^[^0-9]*$", "no digits here", 1), CASE("^[^0-9]*$", "one 1", 0),
    CASE("h.llo", "say hallo", 1), CASE("^.*$", "", 1), CASE("x*", "", 1), CASE("a\\.b", "axb", 0),
    CASE("a\\.b", "a.b", 1), CASE("[-+]?\\d+", "val=-42", 1), CASE("^\\s*#", "   # comment", 1),
    CASE("a.*b.*c", "a--b--c--", 1), CASE("a.*b.*c$", "a--b--c--", 0), CASE("[abc]*d", "abcabcabcx", 0),
};

int main(void) {
    int pass = 0, fail = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct Case *c = &cases[i];
        int where;
        steps = 0;
        int got = match(c->re, c->text, &where);
        int ok = got == c->expect;
        printf("%2zu %-22s %-28s -> %d at %2d steps=%4d %s\n", i, c->re, c->text, got, where, steps,
               ok ? "ok" : "MISMATCH");
        if (ok) pass++; else fail++;
    }
    /* grep-like: count lines matching */
    static const char text[] =
        "int main(void)\n"
        "{\n"
        "    return 42;\n"
        "}\n"
        "// TODO: fix 1234\n"
        "static int counter = 0;\n";
    const char *pats[] = { "int", "^\\s+return", "\\d\\d", "^[{}]$", "TODO", "=" };
    for (size_t p = 0; p < sizeof pats / sizeof *pats; p++) {
        char line[128];
        const char *s = text;
        int lineno = 0, hits = 0;
        while (*s) {
            int n = 0;
            while (*s && *s != '\n') line[n++] = *s++;
            line[n] = 0;
            if (*s == '\n') s++;
            lineno++;
            int w;
            if (match(pats[p], line, &w)) { hits++; printf("  /%s/ %d:%d: %s\n", pats[p], lineno, w, line); }
        }
        printf("pattern %-12s hits=%d\n", pats[p], hits);
    }
    printf("pass=%d fail=%d\n", pass, fail);
    return fail != 0;
}
