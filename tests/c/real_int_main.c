/* Old-fashioned function declarations: empty parameter lists, a function
 * declared "int foo();" and called before its prototyped definition (the
 * arguments undergo the default argument promotions), calls through
 * "int (*)()" pointers, and calls through a pointer to printf. */
// gcc-check-flags: -Wno-strict-prototypes -Wno-old-style-definition
#include <stdio.h>
#include <string.h>

static int seq;

int next_i() { return seq++; }

static int counter()
{
    static int n = 100;
    n += 7;
    return n;
}

/* declared without a prototype, defined further down */
int foo();
double scale();
long lmix();
unsigned umix();
char *pick();
struct pair { int a, b; };
struct pair mkpair();

static int add2(int a, int b) { return a + b; }
static int neg1(int a) { return -a; }
static int zero0() { return 0; }
static int dsum(double x, double y) { return (int)(x * 10 + y); }
static int ptrlen(char *s) { return (int)strlen(s); }

int main()
{
    char c = 'A';
    short s = -300;
    unsigned char uc = 250;
    float f = 1.25f;
    int i, total = 0;
    int (*fp)();
    int (*ops[4])() = { add2, neg1, zero0, dsum };
    int (*p)(const char *, ...) = printf;
    int (*sp)(char *, const char *, ...) = sprintf;
    char buf[64];

    for (i = 0; i < 5; i++)
        total += next_i() * 3;
    printf("seq=%d total=%d\n", seq, total);
    i = counter();
    total = counter();
    printf("counter %d %d %d\n", i, total, counter() - 121);

    /* char and short arguments are promoted to int, float to double */
    printf("foo=%d\n", foo(1, c, 2.5));
    printf("foo=%d\n", foo(s, uc, f));
    printf("foo=%d\n", foo(-7, (char)-1, (double)f * 4));
    printf("scale=%.4f %.4f\n", scale(f), scale(0.1f));
    printf("lmix=%ld\n", lmix(100000L * 100000L, c, s));
    printf("umix=%u\n", umix(4000000000u, 7u));
    printf("pick=%s %s\n", pick(0), pick(3));
    {
        struct pair pr = mkpair(c, s);
        printf("pair=%d %d\n", pr.a, pr.b);
    }

    fp = add2;
    printf("fp add2=%d\n", fp(40, 2));
    fp = neg1;
    printf("fp neg1=%d\n", fp(c));
    fp = foo;
    printf("fp foo=%d\n", fp(3, 'b', 0.5));
    fp = ptrlen;
    printf("fp ptrlen=%d\n", fp("hello, world"));
    printf("ops %d %d %d %d\n", ops[0](1, 2), ops[1](5), ops[2](), ops[3](1.5, 2.25));

    /* pointer to a real variadic function */
    i = p("via p: %d %s %.2f %c %ld\n", 42, "str", 3.14159, 'z', 1L << 40);
    printf("p returned %d\n", i);
    i = sp(buf, "%05d|%-4s|%x", 77, "ab", 0xbeef);
    p("sp returned %d: [%s]\n", i, buf);
    p("no args\n");
    {
        int (*q)(const char *, ...);
        q = &printf;
        (*q)("through (*q): %u %lu\n", 3000000000u, 123456789012UL);
    }
    return 0;
}

int foo(int a, int c, double d)
{
    return a * 1000 + c * 10 + (int)(d * 100);
}

double scale(double x)
{
    return x * 3.5;
}

long lmix(long big, int c, int s)
{
    return big / 1000 + c * s;
}

unsigned umix(unsigned a, unsigned b)
{
    return a * b + (a >> 3);
}

char *pick(int k)
{
    static char *names[] = { "zero", "one", "two", "three" };
    return names[k & 3];
}

struct pair mkpair(int a, int b)
{
    struct pair r;
    r.a = a + b;
    r.b = a - b;
    return r;
}
