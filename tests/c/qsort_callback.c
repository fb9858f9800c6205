#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}
static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct Rec { char name[8]; int age; };
static int cmp_rec(const void *a, const void *b) {
    const struct Rec *ra = a, *rb = b;
    if (ra->age != rb->age) return ra->age - rb->age;
    return strcmp(ra->name, rb->name);
}

static int cmp_abs_then_value(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    int ax = abs(x), ay = abs(y);
    if (ax != ay) return ax < ay ? -1 : 1;
    return cmp_int(a, b);
}

int main(void) {
    int v[] = {42, -7, 19, 0, 3, 3, -100, 2147483647, -2147483647 - 1, 8};
    int n = (int)(sizeof v / sizeof v[0]);
    qsort(v, n, sizeof(int), cmp_int);
    for (int i = 0; i < n; i++) printf("%d ", v[i]);
    printf("\n");
    qsort(v, n, sizeof v[0], cmp_int_desc);
    for (int i = 0; i < n; i++) printf("%d ", v[i]);
    printf("\n");
    int w[] = {-5, 4, -4, 5, 1, -1, 0, 3};
    qsort(w, 8, sizeof(int), cmp_abs_then_value);
    for (int i = 0; i < 8; i++) printf("%d ", w[i]);
    printf("\n");
    double d[] = {3.5, -1.25, 1e10, 0.0, -1e-3, 2.0};
    qsort(d, 6, sizeof(double), cmp_double);
    for (int i = 0; i < 6; i++) printf("%g ", d[i]);
    printf("\n");
    const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "apricot"};
    qsort(words, 6, sizeof(char *), cmp_str);
    for (int i = 0; i < 6; i++) printf("%s ", words[i]);
    printf("\n");
    struct Rec recs[] = {{"eve", 30}, {"bob", 25}, {"amy", 30}, {"dan", 20}, {"cat", 25}};
    qsort(recs, 5, sizeof(struct Rec), cmp_rec);
    for (int i = 0; i < 5; i++) printf("%s:%d ", recs[i].name, recs[i].age);
    printf("\n");
    int (*cmp)(const void *, const void *) = cmp_int;
    int big[200];
    for (int i = 0; i < 200; i++) big[i] = (i * 7919) % 211;
    qsort(big, 200, sizeof(int), cmp);
    int sorted = 1;
    for (int i = 1; i < 200; i++) if (big[i - 1] > big[i]) sorted = 0;
    printf("sorted=%d first=%d last=%d\n", sorted, big[0], big[199]);
    return 0;
}
