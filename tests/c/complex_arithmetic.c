/* _Complex float and _Complex double arithmetic as gcc computes it:
   real and complex operands mixed, products and quotients through
   libgcc's Annex G routines (infinities and NaNs included), signed
   zeros, conversions, comparisons and compound assignment. */
#include <complex.h>
#include <math.h>
#include <stdio.h>

static void show(const char *what, double complex z)
{
    printf("%-14s %a %a\n", what, creal(z), cimag(z));
}

static void showf(const char *what, float complex z)
{
    printf("%-14s %a %a\n", what, (double)crealf(z), (double)cimagf(z));
}

static double complex twice(double complex z) { return z + z; }

int main(void)
{
    double complex a = 1.0 + 2.0 * I;
    double complex b = 3.0 - 4.0 * I;
    show("a", a);
    show("b", b);
    show("a+b", a + b);
    show("a-b", a - b);
    show("a*b", a * b);
    show("a/b", a / b);
    show("2*a", 2 * a);
    show("a*2", a * 2.0);
    show("a/2", a / 2);
    show("2/a", 2 / a);
    show("1-a", 1 - a);
    show("a-1", a - 1);
    show("-a", -a);
    show("conj(a)", conj(a));
    show("~b", ~b);

    /* Signed zeros: a real operand keeps the other's imaginary part. */
    double complex nz = -0.0 - 0.0 * I;
    show("nz", nz);
    show("0.0+nz", 0.0 + nz);
    show("0.0-nz", 0.0 - nz);
    show("nz*1.0", nz * 1.0);
    show("nz*(1+0i)", nz * (1.0 + 0.0 * I));
    show("builtin", __builtin_complex(-0.0, -0.0));

    /* Infinities and NaNs: __muldc3 and __divdc3 recover infinities. */
    double inf = INFINITY;
    double complex zi = __builtin_complex(inf, (double)NAN);
    show("inf*a", zi * a);
    show("a/0", a / (0.0 + 0.0 * I));
    show("a/inf", a / __builtin_complex(inf, inf));
    show("nan*nan", __builtin_complex((double)NAN, (double)NAN) * __builtin_complex((double)NAN, 1.0));

    /* Float complex: computed in float, through __mulsc3/__divsc3. */
    float complex f = 1.5f + 2.5f * I;
    float complex g = -0.5f + 0.25f * I;
    showf("f*g", f * g);
    showf("f/g", f / g);
    showf("f+g", f + g);
    showf("f*3", f * 3);
    show("f+a", f + a);
    show("(dc)f", (double complex)f);
    showf("(fc)a", (float complex)a);

    /* Conversions to and from real types. */
    double re = a;
    int i = b;
    _Bool t0 = 0.0 * I, t1 = 0.5 * I;
    printf("re=%g i=%d t0=%d t1=%d\n", re, i, t0, t1);
    double complex from_int = 7;
    show("from int", from_int);
    long long big = 1LL << 60;
    show("from ll", big + 0.0 * I);

    /* Comparisons and truth. */
    printf("a==a %d a!=b %d a==1 %d (1+0i)==1 %d\n", a == a, a != b, a == 1, (1.0 + 0.0 * I) == 1);
    printf("!a %d !0i %d\n", !a, !(0.0 * I));
    if (a)
        printf("a is true\n");
    if (0.0 * I)
        printf("0i is true\n");
    else
        printf("0i is false\n");
    printf("cond %d\n", a && b ? 1 : 0);

    /* Compound assignment, with real and complex right operands. */
    double complex c = a;
    c += b;
    show("c+=b", c);
    c -= 1;
    show("c-=1", c);
    c *= b;
    show("c*=b", c);
    c /= a;
    show("c/=a", c);
    c *= 0.5;
    show("c*=0.5", c);
    double d = 10;
    d += a;
    printf("d+=a %a\n", d);

    /* __real__ and __imag__ as rvalues and lvalues. */
    __real__ c = 5;
    __imag__ c = -6;
    show("parts", c);
    __imag__ c *= 2;
    show("imag*=2", c);
    printf("real %a imag %a\n", __real__ twice(c), __imag__ twice(c));
    printf("real of double %g imag of double %g\n", __real__ d, __imag__ d);

    /* Conditional expressions. */
    show("cond a:b", i > 0 ? a : b);
    show("cond a:1", i < 0 ? a : 1);

    /* Increments change the real part (GNU C); _Generic tells the types
       apart. */
    double complex w = c++;
    show("c++ old", w);
    show("c++ new", c);
    show("--c", --c);
    f++;
    showf("f++", f);
    printf("generic %d %d %d\n", _Generic(c, double complex: 1, float complex: 2, default: 3),
           _Generic(f, double complex: 1, float complex: 2, default: 3), _Generic(1.0 * I, double complex: 1, default: 3));
    return 0;
}
