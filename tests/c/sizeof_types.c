#include <stdio.h>

struct A { char c; int i; };
struct B { char c; double d; char e; };
struct C { char a, b, c; };
struct D { short s; char c; };
struct E { long l; char c[3]; };
struct F { struct A a; struct C c; };
struct G { int arr[5]; char tail; };
union U { char c; int i; double d; };
union V { char c[9]; int i; };
enum Color { RED, GREEN, BLUE };
typedef struct { int x, y; } Point;
typedef int (*Fn)(int);

int main(void) {
    printf("%zu %zu %zu %zu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long));
    printf("%zu %zu %zu\n", sizeof(long long), sizeof(float), sizeof(double));
    printf("%zu %zu %zu\n", sizeof(unsigned char), sizeof(signed char), sizeof(unsigned long long));
    printf("%zu %zu %zu\n", sizeof(void *), sizeof(char *), sizeof(int **));
    printf("%zu\n", sizeof(struct A));
    printf("%zu\n", sizeof(struct B));
    printf("%zu\n", sizeof(struct C));
    printf("%zu\n", sizeof(struct D));
    printf("%zu\n", sizeof(struct E));
    printf("%zu\n", sizeof(struct F));
    printf("%zu\n", sizeof(struct G));
    printf("%zu %zu\n", sizeof(union U), sizeof(union V));
    printf("%zu\n", sizeof(enum Color));
    printf("%zu\n", sizeof(Point));
    printf("%zu\n", sizeof(Fn));
    printf("%zu %zu\n", sizeof(int[10]), sizeof(char[3][4]));
    printf("%zu\n", sizeof(struct A[4]));
    printf("%zu\n", sizeof(int (*)[10]));
    printf("%zu\n", sizeof(int *[10]));
    printf("%d\n", (int)sizeof(double[2][3]));
    printf("%zu\n", sizeof(_Bool));
    printf("%zu\n", sizeof(Point *));
    return 0;
}
