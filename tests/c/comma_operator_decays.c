/* The result of a comma operator is not an lvalue: an array or a function
   operand decays to a pointer (C11 6.3.2.1p3-4), which sizeof and
   __typeof__ see, and a scalar is its value. */
#include <stdio.h>

static int next(int x) { return x + 1; }

int main(void)
{
    char name[] = "hello";
    int a[10] = { 1, 2, 3 };
    printf("%zu %zu %zu\n", sizeof((0, name)), sizeof((0, a)), sizeof(name));
    __typeof__((0, next)) g = next;
    char *p = (0, name);
    int *q = (1, a);
    printf("%d %s %d %d\n", g(2), p, q[2], (int)sizeof((0, a[1])));
    return 0;
}
