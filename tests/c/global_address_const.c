#include <stdio.h>

struct S { int id; const char *name; int vals[3]; };

int g[5][3] = {{0, 1, 2}, {10, 11, 12}, {20, 21, 22}, {30, 31, 32}, {40, 41, 42}};
int *p = &g[4][1];
int *q = g[2];
int *r = &g[0][0] + 7;
int (*row)[3] = &g[3];
int (*rows)[3] = g + 1;
char *s = "abc" + 1;
const char *t = &"xyz"[2];
char buf[16] = "buffer";
char *bp = buf + 3;
char *bp2 = &buf[5];
struct S gs[3] = {{1, "one", {1, 2, 3}}, {2, "two", {4, 5, 6}}, {3, "three", {7, 8, 9}}};
struct S *ps = &gs[2];
struct S *ps0 = gs;
int *pval = &gs[1].vals[2];
const char **pname = &gs[0].name;
long lv = 77;
long *plv = &lv;
long **pplv = &plv;
int arr[] = {100, 200, 300};
int *arr_end = arr + sizeof(arr) / sizeof(arr[0]);
int *ptr_arr[] = {&arr[2], &arr[0], &g[1][1]};
static int sv = 5;
static int *psv = &sv;
double dd[2] = {1.5, 2.5};
double *pdd = dd + 1;
void *vp = &g[1][2];
const char *strs[] = {"alpha", "beta" + 2, 0};

int main(void) {
    printf("%d %d %d\n", *p, *q, *r);
    printf("%d %d %d\n", (*row)[1], rows[0][2], rows[2][0]);
    printf("%s %s\n", s, t);
    printf("%s %s %s\n", bp, bp2, buf);
    printf("%d %s %d\n", ps->id, ps->name, ps->vals[1]);
    printf("%d %s\n", ps0[1].id, ps0->name);
    printf("%d %s\n", *pval, *pname);
    printf("%ld\n", **pplv);
    **pplv = 78;
    printf("%ld\n", lv);
    long sum = 0;
    for (int *it = arr; it != arr_end; it++) sum += *it;
    printf("%ld %td\n", sum, arr_end - arr);
    printf("%d %d %d\n", *ptr_arr[0], *ptr_arr[1], *ptr_arr[2]);
    *psv += 1;
    printf("%d\n", sv);
    printf("%g\n", *pdd);
    printf("%d\n", *(int *)vp);
    printf("%s %s %d\n", strs[0], strs[1], strs[2] == 0);
    printf("%td %td\n", p - &g[0][0], ps - gs);
    *p = -1;
    printf("%d\n", g[4][1]);
    p++;
    printf("%d\n", *p);
    return 0;
}
