#include <stdio.h>

struct S { int a; char b[10]; double c; };

static int counter = 0;
static int bump(void) { return ++counter; }

int main(void) {
    int i = 0;
    char c = 0;
    long l = 0;
    double d = 0;
    int arr[7];
    char str[] = "hello";
    int mat[3][5];
    struct S s;
    struct S *ps = &s;
    printf("%zu %zu %zu %zu\n", sizeof i, sizeof c, sizeof l, sizeof d);
    printf("%zu %zu\n", sizeof arr, sizeof arr / sizeof arr[0]);
    printf("%zu %zu\n", sizeof str, sizeof "hello world");
    printf("%zu %zu %zu\n", sizeof mat, sizeof mat[0], sizeof mat[0][0]);
    printf("%zu %zu %zu\n", sizeof s, sizeof s.b, sizeof ps->c);
    printf("%zu\n", sizeof *ps);
    printf("%zu\n", sizeof(ps));
    printf("%zu\n", sizeof(c + c));
    printf("%zu\n", sizeof(c + l));
    printf("%zu\n", sizeof(i + d));
    printf("%zu\n", sizeof(i++));
    printf("i=%d\n", i);
    printf("%zu\n", sizeof(bump()));
    printf("counter=%d\n", counter);
    printf("%zu\n", sizeof(arr + 0));
    printf("%zu\n", sizeof(&arr));
    printf("%zu\n", sizeof(*arr));
    printf("%zu\n", sizeof(&arr[0]));
    printf("%zu\n", sizeof(c ? i : l));
    printf("%zu\n", sizeof(i = 5));
    printf("i=%d\n", i);
    printf("%zu\n", sizeof(1 ? c : c));
    printf("%zu\n", sizeof(-c));
    printf("%zu\n", sizeof(!l));
    printf("%zu\n", sizeof(i < l));
    printf("%zu\n", sizeof(0.5f));
    printf("%zu\n", sizeof sizeof(int));
    size_t n = sizeof(struct S) * 2 + sizeof(int);
    printf("%zu\n", n);
    int k = (int)sizeof(long) - 10;
    printf("%d\n", k);
    printf("%d\n", (int)(sizeof(int) * 3) - 20);
    return 0;
}
