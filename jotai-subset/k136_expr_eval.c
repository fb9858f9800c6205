// inputs: 0 1 2 3  tags: recursion, switch, early-return, parser, pointer-walk
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    const char *p;
    int err;          /* 0 ok, 1 syntax, 2 division by zero */
    int depth;
    int max_depth;
};

/* Recursive-descent evaluator for + - * / % unary minus and parentheses over longs.
   level 0: sum, 1: product, 2: unary/primary. */
long eval_expr(struct parser *ps, int level)
{
    while (*ps->p == ' ') ps->p++;
    if (ps->err) return 0;
    if (level == 2) {
        char c = *ps->p;
        if (c == '-') {
            ps->p++;
            return -eval_expr(ps, 2);
        }
        if (c == '(') {
            ps->p++;
            if (++ps->depth > ps->max_depth) ps->max_depth = ps->depth;
            long v = eval_expr(ps, 0);
            ps->depth--;
            while (*ps->p == ' ') ps->p++;
            if (*ps->p != ')') { ps->err = 1; return 0; }
            ps->p++;
            return v;
        }
        if (c < '0' || c > '9') { ps->err = 1; return 0; }
        long v = 0;
        while (*ps->p >= '0' && *ps->p <= '9') {
            v = v * 10 + (*ps->p - '0');
            if (v > 100000000L) { ps->err = 1; return 0; }
            ps->p++;
        }
        return v;
    }
    long acc = eval_expr(ps, level + 1);
    for (;;) {
        while (*ps->p == ' ') ps->p++;
        char op = *ps->p;
        int ok = level == 0 ? (op == '+' || op == '-') : (op == '*' || op == '/' || op == '%');
        if (!ok || ps->err) return acc;
        ps->p++;
        long rhs = eval_expr(ps, level + 1);
        if (ps->err) return 0;
        switch (op) {
        case '+': acc += rhs; break;
        case '-': acc -= rhs; break;
        case '*':
            if (rhs != 0 && (acc > 1000000000000L / labs(rhs) || acc < -1000000000000L / labs(rhs))) {
                ps->err = 1;
                return 0;
            }
            acc *= rhs;
            break;
        case '/':
        case '%':
            if (rhs == 0) { ps->err = 2; return 0; }
            acc = op == '/' ? acc / rhs : acc % rhs;
            break;
        }
        if (acc > 1000000000000L || acc < -1000000000000L) { ps->err = 1; return 0; }
    }
}

static void t(const char *s)
{
    struct parser ps;
    ps.p = s; ps.err = 0; ps.depth = 0; ps.max_depth = 0;
    long v = eval_expr(&ps, 0);
    if (!ps.err && *ps.p) ps.err = 1;
    printf("'%s' = %ld err=%d depth=%d stop=%d\n", s, v, ps.err, ps.max_depth, (int)(ps.p - s));
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("");
        t("   ");
        break;
    case 1:
        t("1 + 2 * 3");
        t("(1 + 2) * 3");
        t("-(4 - 10) % 4 + 7 / 2");
        t("2 * (3 + (4 - (5 * (6 - 7))))");
        t("--5");
        break;
    case 2:
        t("1 / (2 - 2)");
        t("3 + * 4");
        t("(1 + 2");
        t("7 7");
        break;
    case 3: {
        char buf[2048];
        int k = 0, open = 0;
        unsigned seed = 15u;
        for (int i = 0; i < 300; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            if (r % 5 == 0 && open < 30) { buf[k++] = '('; open++; }
            k += sprintf(buf + k, "%u", 1 + (r >> 3) % 9);
            if (r % 7 == 0 && open > 0) { buf[k++] = ')'; open--; }
            if (i < 299) buf[k++] = "+-*+-%"[(r >> 8) % 6];
        }
        while (open-- > 0) buf[k++] = ')';
        buf[k] = '\0';
        struct parser ps;
        ps.p = buf; ps.err = 0; ps.depth = 0; ps.max_depth = 0;
        long v = eval_expr(&ps, 0);
        printf("len=%d value=%ld err=%d depth=%d stop=%d\n", k, v, ps.err, ps.max_depth, (int)(ps.p - buf));
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
