#include <stdio.h>
#include <string.h>
#include <stdlib.h>

enum TokKind { T_NUM, T_IDENT, T_STR, T_PUNCT, T_KEYWORD, T_EOF };

struct Token { enum TokKind kind; const char *start; int len; long value; };

static const char *keywords[] = {"if", "else", "while", "return", "int", NULL};
static const char *puncts[] = {"==", "!=", "<=", ">=", "&&", "||", "->", "++", "--", NULL};

static int is_ident_char(char c, int first) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
}

static int tokenize(const char *p, struct Token *out, int max) {
    int n = 0;
    while (n < max - 1) {
        while (*p == ' ' || *p == '\n' || *p == '\t') p++;
        if (p[0] == '/' && p[1] == '/') { while (*p && *p != '\n') p++; continue; }
        struct Token *t = &out[n];
        t->start = p;
        t->value = 0;
        if (!*p) { t->kind = T_EOF; t->len = 0; return n + 1; }
        if (*p >= '0' && *p <= '9') {
            char *end;
            t->value = strtol(p, &end, 0);
            t->kind = T_NUM;
            t->len = (int)(end - p);
            p = end;
        } else if (is_ident_char(*p, 1)) {
            const char *q = p;
            while (is_ident_char(*q, 0)) q++;
            t->len = (int)(q - p);
            t->kind = T_IDENT;
            for (int k = 0; keywords[k]; k++)
                if ((int)strlen(keywords[k]) == t->len && !strncmp(p, keywords[k], t->len)) t->kind = T_KEYWORD;
            p = q;
        } else if (*p == '"') {
            const char *q = p + 1;
            while (*q && *q != '"') q += *q == '\\' ? 2 : 1;
            t->kind = T_STR;
            t->len = (int)(q + 1 - p);
            p = q + 1;
        } else {
            t->kind = T_PUNCT;
            t->len = 1;
            for (int k = 0; puncts[k]; k++)
                if (!strncmp(p, puncts[k], 2)) { t->len = 2; break; }
            p += t->len;
        }
        n++;
    }
    return n;
}

int main(void) {
    static const char *src =
        "int main() {\n"
        "  // a comment\n"
        "  int x = 0x1F + 010 * 42;\n"
        "  if (x >= 10 && y != 3) return x->next++;\n"
        "  puts(\"str \\\" esc\");\n"
        "  while (i--) _v2 = i<=3||i==-1;\n"
        "}\n";
    static const char *kind_names[] = {"NUM", "IDENT", "STR", "PUNCT", "KW", "EOF"};
    struct Token toks[128];
    int n = tokenize(src, toks, 128);
    int counts[6] = {0};
    for (int i = 0; i < n; i++) {
        counts[toks[i].kind]++;
        if (toks[i].kind == T_NUM)
            printf("%s(%.*s=%ld) ", kind_names[toks[i].kind], toks[i].len, toks[i].start, toks[i].value);
        else
            printf("%s(%.*s) ", kind_names[toks[i].kind], toks[i].len, toks[i].start);
        if (toks[i].kind == T_PUNCT && (toks[i].start[0] == ';' || toks[i].start[0] == '{')) printf("\n");
    }
    printf("\ntotal=%d", n);
    for (int k = 0; k < 6; k++) printf(" %s=%d", kind_names[k], counts[k]);
    printf("\n");
    return 0;
}
