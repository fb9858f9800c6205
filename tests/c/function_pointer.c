#include <stdio.h>

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int divi(int a, int b) { return b ? a / b : 0; }
static double half(double x) { return x / 2; }
static double twice(double x) { return x * 2; }
static void greet(const char *who) { printf("hello %s\n", who); }

static int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
static double compose(double (*f)(double), double (*g)(double), double x) { return f(g(x)); }
static int fold(int (*f)(int, int), const int *v, int n, int init) {
    for (int i = 0; i < n; i++) init = f(init, v[i]);
    return init;
}

typedef int (*binop)(int, int);
static binop choose(char c) {
    switch (c) {
    case '+': return add;
    case '-': return sub;
    case '*': return mul;
    default: return divi;
    }
}

static int (*choose2(int i))(int, int) { return i ? mul : add; }

int (*global_fp)(int, int) = sub;
binop global_table[4] = {add, sub, mul, divi};

int main(void) {
    int (*fp)(int, int) = add;
    printf("%d\n", fp(3, 4));
    fp = mul;
    printf("%d\n", (*fp)(3, 4));
    printf("%d %d\n", apply(sub, 10, 3), apply(divi, 20, 6));
    printf("%g %g\n", compose(half, twice, 5), compose(twice, twice, 1.25));
    int v[] = {1, 2, 3, 4, 5};
    printf("%d %d\n", fold(add, v, 5, 0), fold(mul, v, 5, 1));
    const char *ops = "+-*/";
    for (int i = 0; i < 4; i++) printf("%d ", choose(ops[i])(12, 4));
    printf("\n");
    printf("%d %d\n", choose2(0)(5, 6), choose2(1)(5, 6));
    printf("%d\n", global_fp(100, 1));
    for (int i = 0; i < 4; i++) printf("%d ", global_table[i](7, 2));
    printf("\n");
    void (*g)(const char *) = greet;
    g("world");
    (*g)("again");
    binop local[2];
    local[0] = global_table[2];
    local[1] = &add;
    printf("%d %d\n", local[0](6, 7), local[1](6, 7));
    printf("%d %d\n", fp == mul, fp != add);
    binop *pp = &global_table[1];
    printf("%d\n", (*pp)(50, 8));
    printf("%d\n", pp[1](50, 8));
    double (*dfs[2])(double) = {half, twice};
    double acc = 10;
    for (int i = 0; i < 6; i++) acc = dfs[i % 2 == 0](acc) + 1;
    printf("%g\n", acc);
    return 0;
}
