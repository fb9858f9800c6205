/* Scope and name-space corners that real code hits: tags and enumerators
 * declared in parameter lists (which must not leak), typedef names reused
 * as parameters, members, variables and enumerators, "T T;" declarations,
 * tag/member/variable/typedef sharing a name, block-scope externs and
 * function declarations, shadowing tags and "struct s;" forward
 * declarations that start a new type in an inner block. */
/* gcc always warns about tags declared in parameter lists (no -W option
 * controls it), hence -w for the gcc validation run. */
// gcc-check-flags: -w
#include <stdio.h>

typedef int T;
typedef struct list list;
struct list { int v; list *next; };
struct node { int node; } node = { 17 };
struct s { int a; };

/* enumerators declared in a prototype's parameter list stay there */
int pick(enum { C1 = -1, D1, E1 } y);
/* ... and those of a definition's parameter list are visible in the body only */
static int mode_val(enum mode { M_A = 3, M_B = 7 } m) { return m == M_B ? 100 + M_A : m; }
/* so these file-scope names do not clash */
int C1 = 1000, D1 = 2000;
static const int M_A = -5;
static double M_B = 2.5;
enum mode { OTHER_A, OTHER_B };

static int twice(T T) { return T * 2; }
static int val(int val) { return val + 1; }
static T apply(T (*fn)(T T), T v) { return fn(fn(v)); }

int pick(int y) { return y * 10; }

static int total(list *l)
{
    int t = 0;
    for (; l; l = l->next)
        t += l->v;
    return t;
}

static int uses_extern(void)
{
    extern int gcount;
    int later(int);
    gcount += 5;
    return later(gcount);
}

int gcount = 1;
int later(int x) { return x * 3; }

static int seq(void) { static int n; return ++n; }
static int seq2(void) { static int n = 100; return ++n; }

int main(void)
{
    list c = { 3, 0 }, b = { 2, &c }, a = { 1, &b };
    struct list *lp = &a;
    int r;

    printf("pick %d %d mode %d %d\n", pick(D1), pick(C1), mode_val(7), mode_val(3));
    printf("file-scope %d %d %d %.1f %d\n", C1, D1, M_A, M_B, OTHER_B);
    printf("twice %d val %d apply %d\n", twice(4), val(41), apply(twice, 3));
    printf("list %d %d\n", total(&a), total(lp->next));
    printf("node %d %zu\n", node.node, sizeof(struct node));
    r = uses_extern();
    printf("extern %d %d\n", r, gcount);
    r = seq();
    r = r * 10 + seq2();
    r = r * 10 + seq();
    printf("statics %d\n", r);

    {
        T T = 5;                     /* variable T of type T */
        int x = (T) - 1;             /* now a subtraction, not a cast */
        printf("T T %d %d\n", T, x);
    }
    {
        T x = (T) - 1;               /* a cast again */
        enum { T = 3 };              /* an enumerator hides the typedef */
        printf("enum T %d %d\n", x, T * 2);
    }
    {
        struct s { double d; char c; } inner = { 1.5, 'z' };
        printf("inner struct s %zu %.1f %c\n", sizeof inner, inner.d, inner.c);
        {
            struct s;                /* a new, incomplete struct s */
            struct s *ps = 0;
            struct s { char c[3]; } x = { "ab" };
            ps = &x;
            printf("forward struct s %zu %s\n", sizeof *ps, ps->c);
        }
        printf("back to inner %zu\n", sizeof(struct s));
    }
    printf("outer struct s %zu\n", sizeof(struct s));
    {
        int i, sum = 0;
        for (i = 0; i < 3; i++) {
            int i = 10;              /* shadows the loop counter */
            sum += i;
        }
        for (int j = 0; j < 3; j++) {
            int j = 100;
            sum += j;
        }
        printf("shadow %d %d\n", sum, i);
    }
    {
        int node = 3;                /* variable hides the global of the same name */
        struct node n2 = { node };   /* the tag is still visible */
        printf("node again %d %d\n", n2.node, node);
    }
    {
        int count = 0;
    count:
        if (++count < 4)
            goto count;              /* a label named like a variable */
        printf("label %d\n", count);
    }
    return 0;
}
