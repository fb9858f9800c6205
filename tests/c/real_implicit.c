/* Implicit int and implicit function declarations, the way C89 code
 * (and code that was never updated) used them: "static counter;",
 * "register i;", "f(x) { ... }", "unsigned u;", "const c = 3;", and calls
 * to functions that have not been declared yet. */
// gcc-check-flags: -Wno-implicit-int -Wno-implicit-function-declaration -Wno-old-style-definition -Wno-strict-prototypes -Wno-return-type
#include <stdio.h>

static counter = 0;
static total;
unsigned u;
const c = 3;
extern ext_value;
int ext_value = 17;
static unsigned const cu = 9, *pcu = &cu;
short s_val = -2;
long l_val = 1L << 33;
static volatile vol = 5;
typedef unsigned ucount;
typedef tdi;                       /* typedef of plain int */
static x1 = 4, *px1 = &x1, ax[3] = { 1, 2, 3 };
static *gp;                        /* pointer to int */
static (*fnp)();                   /* pointer to function returning int */
extern sq2();
static const volatile cv = 2;

/* no declaration specifiers at all: returns int * */
*cell(i)
{
    static int cells[4];
    return &cells[i & 3];
}

int pg(const a, register b) { return a * 10 + b; }

kr(a, b)
register a;
char *b;
{
    return a + *b;
}

sq2(v) { return v * v; }

f(x) { return x * 2; }

static g(a, b) { return a - b; }

bump()
{
    counter++;
    return counter;
}

/* K&R definition without return type, parameters of default type */
scale(v, k)
{
    return v * k;
}

/* return type omitted, but a parameter declared */
sum_to(n)
long n;
{
    register i;
    register long acc = 0;
    for (i = 1; i <= n; i++)
        acc += i;
    return (int)(acc % 100000);
}

/* implicit int in a struct member declaration is not allowed, but in
 * a function-scope declaration with storage class it is */
int locals()
{
    auto a = 10;
    register r = 20;
    static st = 30;
    const k = 4;
    volatile v = 1;
    st += a + r;
    v = k * 2;
    return st + v;
}

main()
{
    register i;
    unsigned long big = 0;
    int r;

    u = 4000000000u;
    for (i = 0; i < 5; i++)
        bump();
    printf("counter=%d total=%d u=%u c=%d ext=%d\n", counter, total, u, c, ext_value);
    printf("sizeof c=%zu sizeof u=%zu sizeof counter=%zu sizeof f(1)=%zu\n",
           sizeof c, sizeof u, sizeof counter, sizeof f(1));
    printf("f=%d g=%d scale=%d\n", f(21), g(3, 10), scale(-6, 7));
    printf("sum_to=%d %d\n", sum_to(100L), sum_to(1000L));
    r = locals();
    printf("locals=%d %d\n", r, locals());

    /* implicit declarations: helper, twice, and strsum are defined later */
    r = helper(3);
    printf("helper(3)=%d\n", r);
    printf("helper(-4)=%d twice=%d\n", helper(-4), twice(twice(5)));
    printf("strsum=%d\n", strsum("abcdef"));
    for (i = 0; i < 4; i++)
        big = big * 1000 + (unsigned)helper(i);
    printf("big=%lu\n", big);
    printf("cu=%u *pcu=%u\n", cu, *pcu);
    gp = &ax[1];
    fnp = sq2;
    *cell(1) = 11;
    *cell(6) += 5;
    {
        tdi q = 3;
        static *lp;
        auto (*rowp)[3] = &ax;
        lp = px1;
        printf("x1=%d ax=%d,%d gp=%d cv=%d fnp=%d q=%d lp=%d row=%d\n", *px1, ax[0], ax[2], *gp,
               cv, fnp(9), q, *lp, (*rowp)[2]);
    }
    printf("cell=%d %d pg=%d kr=%d sq2=%d\n", *cell(1), *cell(2), pg(4, 2), kr(1, "A"), sq2(-7));
    printf("s_val=%d l_val=%ld vol=%d\n", s_val, l_val, vol);
    {
        ucount uc = (ucount)-1;
        printf("ucount=%u\n", uc);
    }
    total = counter * 3;
    printf("total=%d\n", total);
    return 0;
}

helper(n)
{
    static calls;
    calls++;
    return n * n + calls;
}

int twice(int v)
{
    return v + v;
}

int strsum(char *s)
{
    int h = 0;
    while (*s)
        h = h * 7 + *s++;
    return h;
}
