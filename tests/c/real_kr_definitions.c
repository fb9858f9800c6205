/* K&R-style function definitions as found in pre-ANSI code (and in many
 * programs that kept them until the 2010s): identifier lists followed by
 * parameter declarations, char/short/float parameters that arrive promoted,
 * declarations in a different order than the identifier list, parameters
 * left undeclared (they are int), pointer and array parameters, and calls
 * both with and without a prototype in scope. */
// gcc-check-flags: -Wno-old-style-definition -Wno-strict-prototypes -Wno-implicit-int -Wno-missing-parameter-type
#include <stdio.h>

int add(a, b)
int a;
int b;
{
    return a + b;
}

/* char and short parameters: the caller passes int, callee narrows */
int narrow(c, s, uc)
char c;
short s;
unsigned char uc;
{
    return c * 1000000 + s * 10 + uc;
}

/* float parameter: passed as double, converted to float on entry */
double halve(x)
float x;
{
    return x / 2;
}

/* declarations in a different order than the identifier list */
long weigh(a, b, c)
double c;
long a;
int b;
{
    return a * 100 + b * 10 + (long)c;
}

/* parameters never declared default to int */
int mix(a, b, c)
char *b;
{
    return a + b[c];
}

/* several declarators in one declaration, pointers and arrays */
int dot(n, x, y)
int n;
int *x, y[];
{
    int i, s = 0;
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

/* function-pointer parameter, K&R style */
int apply(f, v)
int (*f)();
int v;
{
    return (*f)(v, v + 1);
}

unsigned hash(s, seed)
register char *s;
unsigned seed;
{
    register unsigned h = seed;
    while (*s)
        h = h * 31 + (unsigned char)*s++;
    return h;
}

/* struct pointer parameter and a static K&R function */
struct pt { int x, y; };

static int manhattan(p, q)
struct pt *p, *q;
{
    int dx = p->x - q->x, dy = p->y - q->y;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

/* float return type, function-typed parameter, struct by value, array
 * parameter, a function returning a function pointer */
float fdbl(x) float x; { return x * 2; }
int apply2(f, v) int f(); int v; { return f(v) + 1; }
int sq(v) { return v * v; }
int ptsum(p, k) struct pt p; long k; { return p.x * 100 + p.y + (int)k; }
char *skip(s, n) char s[]; unsigned n; { return s + n; }
int (*getf(w))() int w; { return w ? sq : 0; }
double mixd(a, f, d) float f; double d; short a; { return a + f + d; }

/* the definition modifies its (promoted-then-narrowed) parameter */
int wrapchar(c)
unsigned char c;
{
    c += 10;
    return c;
}

/* ANSI prototypes (with the promoted types) ahead of K&R definitions,
 * through the classic P() macro: calls then convert their arguments */
#ifdef __STDC__
#define P(args) args
#else
#define P(args) ()
#endif
double fscale P((double, int));
int clampc P((int, int));

double fscale(f, n)
float f;
short n;
{
    return f * n;
}

int clampc(lim, c)
signed char c;
int lim;
{
    return c > lim ? lim : c;
}

/* a caller that only has old-style declarations */
int callers()
{
    extern int narrow();
    extern double halve();
    int r = narrow('a', 1234, 200);
    r += (int)(halve(3.0f) * 100);
    return r;
}

int main()
{
    static int xs[5] = { 1, 2, 3, 4, 5 };
    int ys[5] = { 10, -20, 30, -40, 50 };
    struct pt a = { 3, -4 }, b = { -6, 8 };
    char ch = -5;
    short sh = -32768;
    float fl = 7.5f;

    printf("add %d %d\n", add(2, 3), add(-100, 42));
    printf("narrow %d %d %d\n", narrow(1, 2, 3), narrow(ch, sh, 255), narrow(-1, -1, 0));
    printf("narrow trunc %d\n", narrow((char)300, (short)70000, (unsigned char)511));
    printf("halve %.4f %.4f %.4f\n", halve(fl), halve(1.0), halve(3.0e-1));
    printf("weigh %ld %ld\n", weigh(5L, 6, 7.9), weigh(-1L, -2, -3.5));
    printf("mix %d %d\n", mix(1000, "ABCDEF", 2), mix(-1, "z", 0));
    printf("dot %d %d\n", dot(5, xs, ys), dot(0, xs, ys));
    printf("apply %d\n", apply(add, 20));
    printf("hash %u %u\n", hash("hello", 0u), hash("K&R C", 5381u));
    printf("manhattan %d\n", manhattan(&a, &b));
    printf("wrapchar %d %d\n", wrapchar(250), wrapchar('a'));
    printf("callers %d\n", callers());
    printf("fdbl %.2f apply2 %d ptsum %d skip %s getf %d mixd %.3f\n", fdbl(fl), apply2(sq, 7),
           ptsum(a, 10L), skip("hello", 2u), getf(1)(9), mixd(-2, fl, 0.25));
    printf("fscale %.3f %.3f\n", fscale(3, 4), fscale(0.1f, -2));
    printf("clampc %d %d %d\n", clampc(10, 100), clampc(10, 0x1ff), clampc(-3, -128));
    {
        int (*fp)() = add;
        long (*lp)() = weigh;
        printf("ptrs %d %ld\n", fp(7, 8), lp(1L, 2, 3.0));
    }
    return 0;
}
