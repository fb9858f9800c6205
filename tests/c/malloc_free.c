#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Vec { int *data; int len, cap; };

static void vec_push(struct Vec *v, int x) {
    if (v->len == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 2;
        v->data = realloc(v->data, v->cap * sizeof(int));
    }
    v->data[v->len++] = x;
}

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    memcpy(p, s, n);
    return p;
}

static char *concat(const char *a, const char *b) {
    char *r = malloc(strlen(a) + strlen(b) + 1);
    strcpy(r, a);
    strcat(r, b);
    return r;
}

int main(void) {
    int *a = malloc(10 * sizeof(int));
    for (int i = 0; i < 10; i++) a[i] = i * i;
    long s = 0;
    for (int i = 0; i < 10; i++) s += a[i];
    printf("%ld\n", s);
    free(a);
    int *z = calloc(100, sizeof(int));
    int nz = 0;
    for (int i = 0; i < 100; i++) if (z[i]) nz++;
    printf("%d\n", nz);
    free(z);
    struct Vec v = {NULL, 0, 0};
    for (int i = 0; i < 1000; i++) vec_push(&v, i * 3);
    printf("%d %d %d %d\n", v.len, v.cap, v.data[999], v.data[500]);
    free(v.data);
    char *d = dup_str("duplicated");
    d[0] = 'D';
    printf("%s\n", d);
    char *c = concat(d, "+more");
    printf("%s %zu\n", c, strlen(c));
    free(d);
    free(c);
    double **m = malloc(3 * sizeof(double *));
    for (int i = 0; i < 3; i++) {
        m[i] = malloc(3 * sizeof(double));
        for (int j = 0; j < 3; j++) m[i][j] = i == j ? 1.0 : 0.5 * (i + j);
    }
    double tr = 0;
    for (int i = 0; i < 3; i++) tr += m[i][i] + m[i][2 - i];
    printf("%g\n", tr);
    for (int i = 0; i < 3; i++) free(m[i]);
    free(m);
    free(NULL);
    char *blocks[50];
    for (int i = 0; i < 50; i++) {
        blocks[i] = malloc((size_t)i + 1);
        memset(blocks[i], 'a' + i % 26, (size_t)i);
        blocks[i][i] = 0;
    }
    size_t total = 0;
    for (int i = 0; i < 50; i++) total += strlen(blocks[i]);
    printf("%zu %s\n", total, blocks[5]);
    for (int i = 49; i >= 0; i--) free(blocks[i]);
    return 0;
}
