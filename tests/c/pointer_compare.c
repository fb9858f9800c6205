#include <stdio.h>

static int *find(int *begin, int *end, int v) {
    for (int *p = begin; p < end; p++)
        if (*p == v) return p;
    return NULL;
}

int main(void) {
    int a[8] = {5, 3, 9, 1, 7, 3, 8, 2};
    int *p = &a[2], *q = &a[5];
    printf("%d %d %d %d %d %d\n", p < q, p <= q, p > q, p >= q, p == q, p != q);
    printf("%d %d\n", p == &a[2], q != a + 5);
    int *f = find(a, a + 8, 7);
    printf("%d %td\n", f != NULL, f - a);
    f = find(a, a + 8, 42);
    printf("%d\n", f == NULL);
    printf("%d\n", !f);
    f = find(a + 2, a + 8, 3);
    printf("%td\n", f ? f - a : -1);
    int *mx = a;
    for (int *it = a + 1; it != a + 8; it++)
        if (*it > *mx) mx = it;
    printf("max at %td = %d\n", mx - a, *mx);
    char s[] = "racecar";
    char *l = s, *r = s + 6;
    int pal = 1;
    while (l < r) if (*l++ != *r--) pal = 0;
    printf("pal=%d\n", pal);
    struct { int x; int y; } pt;
    printf("%d\n", (void *)&pt == (void *)&pt.x);
    printf("%d\n", (char *)&pt.y > (char *)&pt.x);
    int *null1 = NULL;
    char *null2 = 0;
    printf("%d %d\n", null1 == 0, (void *)null2 == NULL);
    printf("%d\n", null1 ? 1 : 2);
    if (p && q) printf("both non-null\n");
    int m[3][3];
    printf("%d %d\n", &m[1][2] < &m[2][0], m[1] + 3 == m[2]);
    return 0;
}
