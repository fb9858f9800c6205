// gcc-check-flags: -Wno-sizeof-array-argument
#include <stdio.h>

static int count_bytes(char *p) { int n = 0; while (*p++) n++; return n; }
static size_t param_size(int a[5]) { return sizeof(a); }
static int get(int (*p)[3], int i, int j) { return p[i][j]; }
static int first(int *p) { return *p; }
static int sum_all(int n, int (*rows)[4]) {
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++) s += rows[i][j];
    return s;
}

int main(void) {
    int a[5] = {9, 8, 7, 6, 5};
    int *p = a;
    printf("%d %d\n", *p, first(a));
    printf("%zu %zu\n", sizeof(a), param_size(a));
    printf("%d\n", p == &a[0]);
    printf("%d\n", (void *)&a == (void *)a);
    int (*pa)[5] = &a;
    printf("%d %d\n", (*pa)[2], pa[0][4]);
    printf("%zu\n", sizeof(*pa));
    char s[] = "decay";
    printf("%d\n", count_bytes(s));
    printf("%d\n", count_bytes(s + 2));
    int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
    printf("%d %d\n", get(m, 1, 2), get(m + 1, 0, 0));
    int big[3][4] = {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
    printf("%d %d\n", sum_all(3, big), sum_all(2, big + 1));
    printf("%d\n", first(m[1]));
    printf("%d\n", first(*m));
    printf("%d\n", *a + *(a + 4));
    int *end = a + sizeof(a) / sizeof(*a);
    printf("%td\n", end - a);
    printf("%c\n", *"string");
    printf("%c\n", "string"[3]);
    printf("%d\n", count_bytes("literal"));
    return 0;
}
