/* The type of `c ? p : q` with pointers (C11 6.5.15p6): a null pointer
 * constant takes the other operand's type, void * wins otherwise, and the
 * targets' qualifiers combine, as _Generic shows. Also _Alignas of a type
 * name carrying GCC's aligned attribute, and implicit int after _Alignas. */
#include <stdio.h>

struct node { int value; struct node *next; };

#define KIND(x) _Generic((x), struct node *: "node *", void *: "void *", const volatile long *: "const volatile long *", \
                         const void *: "const void *", const volatile void *: "const volatile void *", int (*)[4]: "int (*)[4]", default: "other")

_Alignas(16) counter;
int _Alignas(int __attribute__((aligned(32)))) wide;

static int pick(struct node *n, int i) {
    int a = (i != 0 ? 0 : n)->value;
    int b = (i == 0 ? n : (void *)0)->value;
    return a + b;
}

int main() {
    struct node n = { 21, 0 };
    int i = 0;
    printf("%d\n", pick(&n, i));
    printf("%s\n", KIND(i ? (struct node *)0 : 0));
    printf("%s\n", KIND(i ? &n : (void *)0));
    printf("%s\n", KIND(i ? (long volatile *)0 : (long const *)0));
    printf("%s\n", KIND(i ? (int volatile *)0 : (void const *)0));
    printf("%s\n", KIND(i ? (int (*)[4])0 : (int (*)[])0));
    printf("%d %d %d\n", (int)_Alignof(counter), (int)__alignof__(wide), counter);
    return 0;
}
