#include <stdio.h>

static int is_even(unsigned n);
static int is_odd(unsigned n);
int hofstadter_f(int n);
int hofstadter_m(int n);

static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

int hofstadter_f(int n) { return n == 0 ? 1 : n - hofstadter_m(hofstadter_f(n - 1)); }
int hofstadter_m(int n) { return n == 0 ? 0 : n - hofstadter_f(hofstadter_m(n - 1)); }

/* tiny recursive-descent evaluator: expr = term {(+|-) term}, term = factor {(*|/) factor},
   factor = number | '(' expr ')' | '-' factor */
static const char *pos;
static long expr(void);

static long factor(void) {
    if (*pos == '(') { pos++; long v = expr(); pos++; return v; }
    if (*pos == '-') { pos++; return -factor(); }
    long v = 0;
    while (*pos >= '0' && *pos <= '9') v = v * 10 + (*pos++ - '0');
    return v;
}

static long term(void) {
    long v = factor();
    while (*pos == '*' || *pos == '/') {
        char op = *pos++;
        long r = factor();
        v = op == '*' ? v * r : v / r;
    }
    return v;
}

static long expr(void) {
    long v = term();
    while (*pos == '+' || *pos == '-') {
        char op = *pos++;
        long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

static long eval(const char *s) { pos = s; return expr(); }

int main(void) {
    for (unsigned i = 0; i < 10; i++) printf("%d%d ", is_even(i), is_odd(i));
    printf("\n%d %d\n", is_even(10001), is_odd(10001));
    for (int i = 0; i < 20; i++) printf("%d ", hofstadter_f(i));
    printf("\n");
    for (int i = 0; i < 20; i++) printf("%d ", hofstadter_m(i));
    printf("\n");
    const char *exprs[] = {"1+2*3", "(1+2)*3", "100/7/2", "-(4-10)*3", "2*(3+(4-1)*5)-7", "((((42))))", "10-2-3"};
    for (int i = 0; i < 7; i++) printf("%s = %ld\n", exprs[i], eval(exprs[i]));
    return 0;
}
