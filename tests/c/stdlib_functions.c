/* <stdlib.h>: qsort and bsearch with callbacks over ints, structs and strings, strtol/strtoull/strtod and friends with end pointers and errno, div/ldiv/lldiv, malloc/realloc/calloc, getenv; main returns EXIT_FAILURE. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <limits.h>

struct rec { int key; const char *name; double w; };
static int cmp_int(const void *a, const void *b) { int x = *(const int*)a, y = *(const int*)b; return (x > y) - (x < y); }
static int cmp_rec(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    if (x->key != y->key) return x->key - y->key;
    return strcmp(x->name, y->name);
}
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const*)a, *(char *const*)b); }

int main(void) {
    int arr[] = {5, -3, 9, 0, 12, -100, 7, 7, 2};
    size_t n = sizeof arr / sizeof arr[0];
    qsort(arr, n, sizeof arr[0], cmp_int);
    for (size_t i = 0; i < n; i++) printf("%d ", arr[i]); printf("\n");
    int key = 9; int *found = bsearch(&key, arr, n, sizeof *arr, cmp_int);
    printf("found %d at %td\n", found ? *found : -1, found ? found - arr : -1);
    key = 8; printf("missing %p\n", bsearch(&key, arr, n, sizeof *arr, cmp_int));
    struct rec rs[] = {{3, "c", 1.5}, {1, "z", 2.5}, {3, "a", 3.5}, {1, "b", 4.5}};
    qsort(rs, 4, sizeof rs[0], cmp_rec);
    for (int i = 0; i < 4; i++) printf("%d%s%.1f ", rs[i].key, rs[i].name, rs[i].w); printf("\n");
    const char *words[] = {"pear", "apple", "fig", "banana"};
    qsort(words, 4, sizeof(char*), cmp_str);
    for (int i = 0; i < 4; i++) printf("%s ", words[i]); printf("\n");
    char *end;
    long l = strtol("  -0x1Fzz", &end, 16); printf("%ld [%s]\n", l, end);
    l = strtol("0777", &end, 0); printf("%ld\n", l);
    l = strtol("0x10", &end, 0); printf("%ld\n", l);
    l = strtol("z", &end, 36); printf("%ld\n", l);
    errno = 0; l = strtol("99999999999999999999", &end, 10); printf("%ld %d\n", l, errno == ERANGE);
    unsigned long long ull = strtoull("18446744073709551615", &end, 10); printf("%llu\n", ull);
    unsigned long ul = strtoul("-1", &end, 10); printf("%lu\n", ul);
    long long ll = strtoll("-9223372036854775808", NULL, 10); printf("%lld\n", ll);
    double d = strtod("3.25e2xyz", &end); printf("%g [%s]\n", d, end);
    d = strtod("0x1.8p1", &end); printf("%g\n", d);
    d = strtod("inf", &end); printf("%g\n", d);
    d = strtod("-nan", &end); printf("%d\n", d != d);
    float f = strtof("1.5", NULL); long double ld = strtold("2.75", NULL); printf("%g %Lg\n", f, ld);
    printf("%d %ld %lld %g\n", atoi("-42abc"), atol("123456789012"), atoll("-5"), atof("2.5"));
    printf("%d %ld %lld\n", abs(-7), labs(-8L), llabs(-9LL));
    div_t dv = div(-17, 5); printf("%d %d\n", dv.quot, dv.rem);
    ldiv_t ldv = ldiv(17L, -5L); printf("%ld %ld\n", ldv.quot, ldv.rem);
    lldiv_t lldv = lldiv(-17LL, -5LL); printf("%lld %lld\n", lldv.quot, lldv.rem);
    srand(1); int r1 = rand(); srand(1); int r2 = rand(); printf("rand same %d max>=32767 %d\n", r1 == r2, RAND_MAX >= 32767);
    int *m = malloc(10 * sizeof *m); for (int i = 0; i < 10; i++) m[i] = i * i;
    m = realloc(m, 20 * sizeof *m); for (int i = 10; i < 20; i++) m[i] = -i;
    int s = 0; for (int i = 0; i < 20; i++) s += m[i]; printf("sum %d\n", s); free(m);
    int *c = calloc(5, sizeof(int)); printf("calloc %d %d\n", c[0], c[4]); free(c);
    setenv("NISSE_TEST_VAR", "hello", 1);
    printf("env %s\n", getenv("NISSE_TEST_VAR"));
    printf("noenv %s\n", getenv("NISSE_NO_SUCH_VAR") ? "set" : "null");
    printf("EXIT %d %d MB_CUR_MAX>=1 %d\n", EXIT_SUCCESS, EXIT_FAILURE, MB_CUR_MAX >= 1);
    return EXIT_FAILURE;
}
