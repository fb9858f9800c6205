/* Recursive-descent expression evaluator with variables and builtin functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>

typedef enum { T_NUM, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_COMMA, T_END, T_ERR } TokKind;

typedef struct {
    TokKind kind;
    double num;
    char text[32];
    char op;
} Token;

typedef struct {
    const char *src;
    const char *p;
    Token cur;
    int err;
    char errmsg[64];
} Parser;

typedef struct { const char *name; double value; } Var;
static Var vars[16];
static int nvars;

typedef double (*Fn1)(double);
static const struct { const char *name; Fn1 fn; } funcs[] = {
    { "sqrt", sqrt }, { "fabs", fabs }, { "floor", floor }, { "ceil", ceil },
    { "sin", sin }, { "cos", cos }, { "exp", exp }, { "log", log },
};
#define NFUNCS (sizeof funcs / sizeof funcs[0])

static void set_var(const char *name, double v) {
    for (int i = 0; i < nvars; i++)
        if (strcmp(vars[i].name, name) == 0) { vars[i].value = v; return; }
    vars[nvars].name = name;
    vars[nvars].value = v;
    nvars++;
}

static int get_var(const char *name, double *out) {
    for (int i = 0; i < nvars; i++)
        if (!strcmp(vars[i].name, name)) { *out = vars[i].value; return 1; }
    return 0;
}

static void next(Parser *ps) {
    while (isspace((unsigned char)*ps->p)) ps->p++;
    Token *t = &ps->cur;
    char c = *ps->p;
    if (c == '\0') { t->kind = T_END; return; }
    if (isdigit((unsigned char)c) || c == '.') {
        char *end;
        t->num = strtod(ps->p, &end);
        t->kind = T_NUM;
        ps->p = end;
        return;
    }
    if (isalpha((unsigned char)c) || c == '_') {
        int n = 0;
        while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n < 31)
            t->text[n++] = *ps->p++;
        t->text[n] = 0;
        t->kind = T_IDENT;
        return;
    }
    ps->p++;
    switch (c) {
    case '(': t->kind = T_LPAREN; break;
    case ')': t->kind = T_RPAREN; break;
    case ',': t->kind = T_COMMA; break;
    case '+': case '-': case '*': case '/': case '%': case '^':
        t->kind = T_OP; t->op = c; break;
    default:
        t->kind = T_ERR; t->op = c; break;
    }
}

static void fail(Parser *ps, const char *msg) {
    if (!ps->err) {
        ps->err = 1;
        snprintf(ps->errmsg, sizeof ps->errmsg, "%s at offset %d", msg, (int)(ps->p - ps->src));
    }
}

static double expr(Parser *ps);

static double primary(Parser *ps) {
    Token t = ps->cur;
    if (t.kind == T_NUM) { next(ps); return t.num; }
    if (t.kind == T_IDENT) {
        next(ps);
        if (ps->cur.kind == T_LPAREN) {
            next(ps);
            double a = expr(ps);
            if (ps->cur.kind == T_COMMA) {
                next(ps);
                double b = expr(ps);
                if (ps->cur.kind != T_RPAREN) { fail(ps, "expected )"); return 0; }
                next(ps);
                if (!strcmp(t.text, "max")) return a > b ? a : b;
                if (!strcmp(t.text, "min")) return a < b ? a : b;
                if (!strcmp(t.text, "pow")) return pow(a, b);
                fail(ps, "unknown binary function");
                return 0;
            }
            if (ps->cur.kind != T_RPAREN) { fail(ps, "expected )"); return 0; }
            next(ps);
            for (size_t i = 0; i < NFUNCS; i++)
                if (strcmp(funcs[i].name, t.text) == 0) return funcs[i].fn(a);
            fail(ps, "unknown function");
            return 0;
        }
        double v;
        if (get_var(t.text, &v)) return v;
        fail(ps, "unknown variable");
        return 0;
    }
    if (t.kind == T_LPAREN) {
        next(ps);
        double v = expr(ps);
        if (ps->cur.kind != T_RPAREN) fail(ps, "expected )");
        else next(ps);
        return v;
    }
    if (t.kind == T_OP && t.op == '-') { next(ps); return -primary(ps); }
    if (t.kind == T_OP && t.op == '+') { next(ps); return primary(ps); }
    fail(ps, "unexpected token");
    return 0;
}

static double power(Parser *ps) {
    double base = primary(ps);
    if (ps->cur.kind == T_OP && ps->cur.op == '^') {
        next(ps);
        double e = power(ps); /* right assoc */
        return pow(base, e);
    }
    return base;
}

static double term(Parser *ps) {
    double v = power(ps);
    while (ps->cur.kind == T_OP && (ps->cur.op == '*' || ps->cur.op == '/' || ps->cur.op == '%')) {
        char op = ps->cur.op;
        next(ps);
        double r = power(ps);
        if (op == '*') v *= r;
        else if (op == '/') { if (r == 0) { fail(ps, "division by zero"); return 0; } v /= r; }
        else v = fmod(v, r);
    }
    return v;
}

static double expr(Parser *ps) {
    double v = term(ps);
    while (ps->cur.kind == T_OP && (ps->cur.op == '+' || ps->cur.op == '-')) {
        char op = ps->cur.op;
        next(ps);
        double r = term(ps);
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static int evaluate(const char *s, double *out, char *err, size_t errsz) {
    Parser ps;
    memset(&ps, 0, sizeof ps);
    ps.src = ps.p = s;
    next(&ps);
    double v = expr(&ps);
    if (!ps.err && ps.cur.kind != T_END) fail(&ps, "trailing input");
    if (ps.err) { snprintf(err, errsz, "%s", ps.errmsg); return 0; }
    *out = v;
    return 1;
}

int main(void) {
    static const char *const tests[] = {
        "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "10 % 4",
        "7.5 % 2", "sqrt(16) + fabs(-3.25)", "max(3, 7) * min(2, 9)", "pow(2, 10) - 1",
        "x * x + y", "floor(3.7) + ceil(3.2)", "1 / 0", "(1 + 2", "foo(3)", "3 $ 4",
        "pi * r ^ 2", "exp(log(10))", "1e3 + 2.5e-1", "---5", "cos(0) + sin(0)",
        "((((((1))))))", "2 * (3 + (4 - (5 * (6 / 3))))", "z + 1", "1 2",
    };
    set_var("x", 3.0);
    set_var("y", -4.5);
    set_var("pi", 3.14159265358979);
    set_var("r", 2.0);
    set_var("x", 5.0);
    int ok = 0, bad = 0;
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) {
        double v;
        char err[80];
        if (evaluate(tests[i], &v, err, sizeof err)) {
            printf("%-32s = %.10g\n", tests[i], v);
            ok++;
        } else {
            printf("%-32s ! %s\n", tests[i], err);
            bad++;
        }
    }
    printf("ok=%d bad=%d nvars=%d\n", ok, bad, nvars);
    return bad;
}
