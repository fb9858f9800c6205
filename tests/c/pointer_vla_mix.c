/* Pointer arithmetic with negative indices, pointers to arrays, flexible array members on the heap, anonymous members, VLAs as parameters and pointers to VLA rows. */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

struct node { int val; struct node *next; };
struct flex { size_t n; double d[]; };
struct anon { int tag; union { struct { int a, b; }; long long ll; }; };
static void fill(int n, int m, int arr[n][m]) { for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) arr[i][j] = i * 10 + j; }
static int vsum(int n, int a[static n]) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static size_t vsz(int n) { char v[n * 3]; return sizeof v; }
int main(void) {
    int arr[10]; for (int i = 0; i < 10; i++) arr[i] = i * i;
    int *mid = arr + 5; printf("%d %d %d %td\n", mid[-2], *(mid - 5), -1[mid], &arr[9] - mid);
    int *end = arr + 10; printf("%td %d\n", end - arr, end > mid);
    char *cp = (char*)arr; printf("%d\n", *(int*)(cp + 8));
    int (*row)[5] = (int(*)[5])arr; printf("%d %zu\n", row[1][2], sizeof *row);
    struct node nodes[5]; for (int i = 0; i < 5; i++) { nodes[i].val = i; nodes[i].next = i < 4 ? &nodes[i + 1] : NULL; }
    int s = 0; for (struct node *p = nodes; p; p = p->next) s += p->val; printf("%d\n", s);
    struct flex *f = malloc(sizeof *f + 4 * sizeof(double)); f->n = 4; for (size_t i = 0; i < f->n; i++) f->d[i] = i / 2.0;
    printf("%zu %g %zu\n", sizeof(struct flex), f->d[3], offsetof(struct flex, d)); free(f);
    struct anon an = { 1, { { 2, 3 } } }; printf("%d %d %d\n", an.tag, an.a, an.b); an.ll = 0; printf("%d\n", an.a);
    int n = 3, m = 4; int vm[n][m]; fill(n, m, vm); printf("%d %zu %zu\n", vm[2][3], sizeof vm, sizeof vm[0]);
    int (*pv)[m] = vm; pv++; printf("%d\n", (*pv)[1]);
    printf("%d %zu\n", vsum(4, arr), vsz(5));
    int *hp = malloc(n * m * sizeof(int)); int (*h2)[m] = (int (*)[m])hp; fill(n, m, h2); printf("%d\n", hp[7]); free(hp);
    void *vp = arr; printf("%d\n", ((int*)vp)[3]);
    const char *strs[] = { "a", "bb", "ccc" }; const char **sp = strs; printf("%s %c\n", *++sp, **sp);
    int x = 5, *px = &x, **ppx = &px; **ppx = 7; printf("%d\n", x);
    int a2[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } }; int *flat = &a2[0][0]; printf("%d %d\n", flat[4], *(*(a2 + 1) + 2));
    printf("%d\n", (int)(&a2[1] - &a2[0]));
    ptrdiff_t pd = &arr[0] - &arr[9]; printf("%td\n", pd);
    printf("%d\n", arr == &arr[0]);
    char buf[8]; char *q = buf; *q++ = 'h'; *q++ = 'i'; *q = 0; printf("%s\n", buf);
    int idx = -1; int *pm = &arr[4]; printf("%d\n", pm[idx]);
    long li = 2; printf("%d\n", *(arr + li * 3));
    unsigned ui = 3; printf("%d\n", *(pm - ui));
    return 0;
}
