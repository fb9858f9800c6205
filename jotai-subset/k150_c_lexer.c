// inputs: 0 1 2 3  tags: state-machine, switch, goto, pointer-walk, parser
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_IDENT, K_KEYWORD, K_NUMBER, K_STRING, K_CHAR, K_OP, K_COMMENT, K_NKINDS };

/* Lexical scan of C-like source: identifiers/keywords, numbers (dec/hex/float),
   strings and char literals with escapes, // and block comments, operators (maximal
   munch over a small set).  counts[] by kind; returns token count or -(line) on error. */
int c_lex(const char *src, int *counts)
{
    static const char *kw[] = {"if", "else", "for", "while", "return", "int", "char", "struct", "void", "switch", "case", "break"};
    static const char *ops3[] = {"<<=", ">>=", "..."};
    static const char *ops2[] = {"==", "!=", "<=", ">=", "&&", "||", "++", "--", "->", "+=", "-=", "<<", ">>"};
    const char *p = src;
    int line = 1, ntok = 0;
    for (int i = 0; i < K_NKINDS; i++) counts[i] = 0;
    while (*p) {
        char c = *p;
        int kind;
        if (c == '\n') { line++; p++; continue; }
        if (c == ' ' || c == '\t') { p++; continue; }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
            const char *s = p;
            while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_') p++;
            kind = K_IDENT;
            for (int k = 0; k < 12; k++) {
                size_t l = strlen(kw[k]);
                if ((size_t)(p - s) == l && strncmp(s, kw[k], l) == 0) { kind = K_KEYWORD; break; }
            }
            goto emit;
        }
        if (c >= '0' && c <= '9') {
            if (c == '0' && (p[1] == 'x' || p[1] == 'X')) {
                p += 2;
                if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))) goto error;
                while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F')) p++;
            } else {
                while (*p >= '0' && *p <= '9') p++;
                if (*p == '.') { p++; while (*p >= '0' && *p <= '9') p++; }
            }
            while (*p == 'u' || *p == 'U' || *p == 'l' || *p == 'L') p++;
            kind = K_NUMBER;
            goto emit;
        }
        switch (c) {
        case '"':
        case '\'': {
            char q = c;
            p++;
            while (*p != q) {
                if (*p == '\0' || *p == '\n') goto error;
                if (*p == '\\') { p++; if (*p == '\0') goto error; }
                p++;
            }
            p++;
            kind = q == '"' ? K_STRING : K_CHAR;
            goto emit;
        }
        case '/':
            if (p[1] == '/') {
                while (*p && *p != '\n') p++;
                kind = K_COMMENT;
                goto emit;
            }
            if (p[1] == '*') {
                p += 2;
                while (!(p[0] == '*' && p[1] == '/')) {
                    if (*p == '\0') goto error;
                    if (*p == '\n') line++;
                    p++;
                }
                p += 2;
                kind = K_COMMENT;
                goto emit;
            }
            break;
        default:
            break;
        }
        if (strchr("+-*/%=<>!&|^~?:;,.(){}[]#", c) == NULL) goto error;
        kind = K_OP;
        for (int k = 0; k < 3; k++) if (strncmp(p, ops3[k], 3) == 0) { p += 3; goto emit; }
        for (int k = 0; k < 13; k++) if (strncmp(p, ops2[k], 2) == 0) { p += 2; goto emit; }
        p++;
    emit:
        counts[kind]++;
        ntok++;
    }
    return ntok;
error:
    return -line;
}

static void show(const char *src)
{
    int counts[K_NKINDS];
    int r = c_lex(src, counts);
    printf("r=%d ident=%d kw=%d num=%d str=%d chr=%d op=%d comment=%d\n", r, counts[0], counts[1], counts[2],
           counts[3], counts[4], counts[5], counts[6]);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("");
        break;
    case 1:
        show("int main(void) {\n  char *s = \"hi\\\"there\"; /* block\n comment */\n"
             "  for (int i = 0x1F; i <= 10UL; i++) s[i] <<= 'a' + '\\n'; // done\n  return s->x ... 3.25;\n}\n");
        break;
    case 2:
        show("int x = 1;\nchar *s = \"unterminated\n");
        show("a = b @ c;");
        show("/* never closed");
        break;
    case 3: {
        const char *frag[6] = {"for (i = 0; i < n; i++) sum += a[i] * 0x10;\n", "if (p->next != NULL && q) { q = q->next; }\n",
                               "/* multi\n line */ x <<= 2;\n", "s = \"str\\tings\"; c = '\\0';\n",
                               "while (--k >= 0) total -= 3.5; // tail\n", "struct node *n = malloc(sizeof *n);\n"};
        size_t cap = 160000;
        char *buf = malloc(cap);
        size_t k = 0;
        unsigned seed = 5u;
        while (k + 64 < cap) {
            seed = seed * 1103515245u + 12345u;
            const char *f = frag[(seed >> 16) % 6];
            size_t l = strlen(f);
            memcpy(buf + k, f, l);
            k += l;
        }
        buf[k] = '\0';
        show(buf);
        free(buf);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
