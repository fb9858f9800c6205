#include <stdio.h>

struct Item { int value; struct Item *next; };

static int length(const struct Item *it) {
    int n = 0;
    while (it != NULL) { n++; it = it->next; }
    return n;
}

static const char *describe(const char *s) { return s ? s : "(null)"; }

static int safe_deref(const int *p, int dflt) { return p ? *p : dflt; }

int main(void) {
    int *p = NULL;
    char *c = 0;
    void *v = (void *)0;
    printf("%d %d %d\n", p == NULL, c == 0, v == NULL);
    printf("%d %d\n", !p, !!p);
    int x = 5;
    p = &x;
    printf("%d %d\n", p != NULL, !p);
    printf("%s %s\n", describe(NULL), describe("ok"));
    printf("%d %d\n", safe_deref(NULL, -1), safe_deref(&x, -1));
    struct Item c3 = {3, NULL}, c2 = {2, &c3}, c1 = {1, &c2};
    printf("%d %d %d\n", length(&c1), length(&c3), length(NULL));
    int *arr[4] = {NULL, &x, NULL, &x};
    int nn = 0;
    for (int i = 0; i < 4; i++) if (arr[i]) nn++;
    printf("%d\n", nn);
    int *q = 0;
    if (q) printf("q true\n"); else printf("q false\n");
    printf("%d\n", q == (int *)0);
    p = NULL;
    printf("%d\n", p && *p == 5);
    printf("%d\n", !p || *p == 5);
    printf("%zu\n", sizeof(NULL) == sizeof(void *) ? (size_t)1 : (size_t)0);
    return 0;
}
