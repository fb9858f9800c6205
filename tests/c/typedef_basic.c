#include <stdio.h>

typedef int Int;
typedef unsigned long ULong;
typedef char *String;
typedef int Arr5[5];
typedef int Matrix[2][2];
typedef struct Node { int v; struct Node *next; } Node;
typedef struct { double re, im; } Cplx;
typedef Node *NodePtr;
typedef int (*BinOp)(int, int);
typedef const char *CStr;
typedef Int MyInt;

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }

static void cmul(Cplx *out, const Cplx *a, const Cplx *b) {
    out->re = a->re * b->re - a->im * b->im;
    out->im = a->re * b->im + a->im * b->re;
}

int main(void) {
    Int i = 5;
    MyInt j = i * 2;
    ULong u = 1UL << 50;
    printf("%d %d %lu\n", i, j, u);
    String s = "typedef";
    printf("%s %c\n", s, s[3]);
    Arr5 a = {1, 2, 3, 4, 5};
    printf("%zu %d\n", sizeof(Arr5), a[4]);
    Matrix m = {{1, 2}, {3, 4}};
    printf("%d %zu\n", m[1][0], sizeof(Matrix));
    Node n2 = {2, NULL};
    Node n1 = {1, &n2};
    NodePtr p = &n1;
    printf("%d %d\n", p->v, p->next->v);
    Cplx x = {1, 2}, y = {3, -1}, z;
    cmul(&z, &x, &y);
    printf("%g %g\n", z.re, z.im);
    BinOp ops[2] = {add, mul};
    for (int k = 0; k < 2; k++) printf("%d ", ops[k](6, 7));
    printf("\n");
    CStr names[] = {"a", "bb", "ccc"};
    printf("%s\n", names[2]);
    typedef long Local;
    Local l = 123456789012L;
    printf("%ld %zu\n", l, sizeof(Local));
    {
        typedef short Local;
        Local inner = 7;
        printf("%d %zu\n", inner, sizeof(Local));
    }
    printf("%zu\n", sizeof(Local));
    typedef Node *List[3];
    List lst = {&n1, &n2, NULL};
    printf("%d\n", lst[1]->v);
    return 0;
}
