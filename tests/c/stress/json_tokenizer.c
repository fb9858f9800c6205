/* A JSON-ish tokenizer and pretty printer driven by a switch-based state machine. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <stdlib.h>

#define TOKEN_KINDS(X) \
    X(LBRACE) X(RBRACE) X(LBRACKET) X(RBRACKET) X(COLON) X(COMMA) \
    X(STRING) X(NUMBER) X(TRUE) X(FALSE) X(NULLV) X(ERROR) X(EOF_)

#define AS_ENUM(name) TK_##name,
#define AS_NAME(name) #name,
enum TokKind { TOKEN_KINDS(AS_ENUM) TK_COUNT };
static const char *const kind_names[TK_COUNT] = { TOKEN_KINDS(AS_NAME) };

struct Token {
    enum TokKind kind;
    char text[64];
    double num;
    int line, col;
};

struct Lexer {
    const char *s;
    int line, col;
};

static int peekc(struct Lexer *lx) { return (unsigned char)*lx->s; }
static int getc_(struct Lexer *lx) {
    int c = (unsigned char)*lx->s;
    if (c == 0) return 0;
    lx->s++;
    if (c == '\n') { lx->line++; lx->col = 1; } else lx->col++;
    return c;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static void lex_string(struct Lexer *lx, struct Token *t) {
    int n = 0;
    getc_(lx); /* opening quote */
    for (;;) {
        int c = getc_(lx);
        if (c == 0) { t->kind = TK_ERROR; strcpy(t->text, "unterminated string"); return; }
        if (c == '"') break;
        if (c == '\\') {
            int e = getc_(lx);
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case '"': case '\\': case '/': c = e; break;
            case 'u': {
                int v = 0;
                for (int i = 0; i < 4; i++) {
                    int h = hexval(getc_(lx));
                    if (h < 0) { t->kind = TK_ERROR; strcpy(t->text, "bad \\u escape"); return; }
                    v = v * 16 + h;
                }
                c = v < 128 ? v : '?';
                break;
            }
            default:
                t->kind = TK_ERROR;
                snprintf(t->text, sizeof t->text, "bad escape \\%c", e);
                return;
            }
        }
        if (n < (int)sizeof t->text - 1) t->text[n++] = (char)c;
    }
    t->text[n] = '\0';
    t->kind = TK_STRING;
}

static void lex_number(struct Lexer *lx, struct Token *t) {
    enum { S_SIGN, S_INT, S_FRAC0, S_FRAC, S_EXP0, S_EXPS, S_EXP, S_DONE } st = S_SIGN;
    int n = 0;
    while (st != S_DONE) {
        int c = peekc(lx);
        switch (st) {
        case S_SIGN: if (c == '-') { t->text[n++] = (char)getc_(lx); } st = S_INT; break;
        case S_INT:
            if (isdigit(c)) t->text[n++] = (char)getc_(lx);
            else if (c == '.') { t->text[n++] = (char)getc_(lx); st = S_FRAC0; }
            else if (c == 'e' || c == 'E') { t->text[n++] = (char)getc_(lx); st = S_EXP0; }
            else st = S_DONE;
            break;
        case S_FRAC0: case S_FRAC:
            if (isdigit(c)) { t->text[n++] = (char)getc_(lx); st = S_FRAC; }
            else if (st == S_FRAC && (c == 'e' || c == 'E')) { t->text[n++] = (char)getc_(lx); st = S_EXP0; }
            else st = S_DONE;
            break;
        case S_EXP0:
            if (c == '+' || c == '-') { t->text[n++] = (char)getc_(lx); }
            st = S_EXPS;
            break;
        case S_EXPS: case S_EXP:
            if (isdigit(c)) { t->text[n++] = (char)getc_(lx); st = S_EXP; }
            else st = S_DONE;
            break;
        case S_DONE: break;
        }
        if (n >= 60) break;
    }
    t->text[n] = 0;
    t->num = strtod(t->text, NULL);
    t->kind = TK_NUMBER;
}

static void next_token(struct Lexer *lx, struct Token *out) {
    struct Token t;
    memset(&t, 0, sizeof t);
    while (isspace(peekc(lx))) getc_(lx);
    t.line = lx->line; t.col = lx->col;
    int c = peekc(lx);
    switch (c) {
    case 0: t.kind = TK_EOF_; break;
    case '{': getc_(lx); t.kind = TK_LBRACE; break;
    case '}': getc_(lx); t.kind = TK_RBRACE; break;
    case '[': getc_(lx); t.kind = TK_LBRACKET; break;
    case ']': getc_(lx); t.kind = TK_RBRACKET; break;
    case ':': getc_(lx); t.kind = TK_COLON; break;
    case ',': getc_(lx); t.kind = TK_COMMA; break;
    case '"': lex_string(lx, &t); break;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        lex_number(lx, &t); break;
    default:
        if (isalpha(c)) {
            int n = 0;
            while (isalpha(peekc(lx)) && n < 63) t.text[n++] = (char)getc_(lx);
            t.text[n] = 0;
            if (!strcmp(t.text, "true")) t.kind = TK_TRUE;
            else if (!strcmp(t.text, "false")) t.kind = TK_FALSE;
            else if (!strcmp(t.text, "null")) t.kind = TK_NULLV;
            else t.kind = TK_ERROR;
        } else {
            getc_(lx);
            t.kind = TK_ERROR;
            sprintf(t.text, "stray '%c' (0x%02x)", c, c);
        }
    }
    *out = t;
}

static void indent(int d) { for (int i = 0; i < d; i++) fputs("  ", stdout); }

static void pretty(const char *src) {
    struct Lexer lx = { src, 1, 1 };
    struct Token t;
    int depth = 0, counts[TK_COUNT] = {0};
    int newline = 1;
    do {
        next_token(&lx, &t);
        counts[t.kind]++;
        switch (t.kind) {
        case TK_LBRACE: case TK_LBRACKET:
            if (newline) indent(depth);
            putchar(t.kind == TK_LBRACE ? '{' : '[');
            putchar('\n');
            depth++; newline = 1;
            break;
        case TK_RBRACE: case TK_RBRACKET:
            depth--;
            if (!newline) putchar('\n');
            indent(depth);
            putchar(t.kind == TK_RBRACE ? '}' : ']');
            newline = 0;
            break;
        case TK_COMMA: puts(","); newline = 1; break;
        case TK_COLON: fputs(": ", stdout); newline = 0; break;
        case TK_STRING:
            if (newline) indent(depth);
            printf("\"%s\"", t.text); newline = 0; break;
        case TK_NUMBER:
            if (newline) indent(depth);
            printf("%s(=%g)", t.text, t.num); newline = 0; break;
        case TK_TRUE: case TK_FALSE: case TK_NULLV:
            if (newline) indent(depth);
            printf("%s", t.kind == TK_TRUE ? "true" : t.kind == TK_FALSE ? "false" : "null");
            newline = 0; break;
        case TK_ERROR:
            printf("\n<error at %d:%d: %s>\n", t.line, t.col, t.text);
            break;
        default: break;
        }
    } while (t.kind != TK_EOF_ && t.kind != TK_ERROR);
    putchar('\n');
    for (int k = 0; k < TK_COUNT; k++)
        if (counts[k]) printf("  %-9s x%d\n", kind_names[k], counts[k]);
}

int main(void) {
    const char *docs[] = {
        "{\"name\": \"nisse\", \"version\": 1.25, \"tags\": [\"c\", \"compiler\"], \"ok\": true}",
        "[1, -2, 3.5e2, -0.125, 1E-3, {\"a\": null, \"b\": [false, []]}]",
        "{\"esc\": \"tab\\there \\\"quoted\\\" \\u0041\\u0062\", \"n\": 0}",
        "{\"bad\": \"\\q\"}",
        "{\"x\": 1,\n \"y\": @}",
        "[\"unterminated",
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        printf("=== doc %zu ===\n", i);
        pretty(docs[i]);
    }
    return 0;
}
