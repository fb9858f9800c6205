#include <stdio.h>
#include <string.h>

static const int table[] = {1, 1, 2, 6, 24, 120};
static const char *const names[] = {"zero", "one", "two"};
const double pi_ish = 3.25;

struct Config { const char *name; const int limit; };

static int sum(const int *p, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}

static size_t count_char(const char *s, char c) {
    size_t n = 0;
    for (; *s; s++) n += *s == c;
    return n;
}

static void fill(int *const p, int n) {
    for (int i = 0; i < n; i++) p[i] = i * 2;
}

int main(void) {
    printf("%d %d\n", table[5], sum(table, 6));
    printf("%s %s\n", names[0], names[2]);
    printf("%g\n", pi_ish * 2);
    const int local = 42;
    const int *pc = &local;
    printf("%d\n", *pc + 1);
    int arr[5];
    fill(arr, 5);
    const int *ro = arr;
    printf("%d %d\n", ro[4], sum(ro, 5));
    int v = 7;
    int *const fixed = &v;
    *fixed = 8;
    printf("%d\n", v);
    const char *s = "constant string";
    printf("%zu %zu\n", count_char(s, 's'), strlen(s));
    struct Config cfg = {"cfg", 10};
    printf("%s %d\n", cfg.name, cfg.limit);
    const struct Config *pcfg = &cfg;
    printf("%d\n", pcfg->limit * 2);
    const char msg[] = "array";
    printf("%s %zu\n", msg, sizeof msg);
    const unsigned long big = 0xFFFFFFFFFFUL;
    printf("%lu\n", big >> 8);
    const int *const cpc = table + 3;
    printf("%d\n", *cpc);
    return 0;
}
