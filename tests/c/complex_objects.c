/* _Complex objects: static and automatic initializers (constant complex
   expressions, GCC's braced scalar form), struct members, arrays,
   pointers, parameters and results, variadic arguments, <complex.h>'s
   functions and macros, sizeof and alignment. */
#include <complex.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

struct point {
    char tag;
    double complex where;
    float complex heading;
};

static double complex g1 = 1.0 + 2.0 * I;
static double complex g2 = 3;
static float complex g3 = -1.5f * I + 0.5f;
static double complex g4 = { 4.0 };
static double complex g5 = CMPLX(-0.0, 2.0);
static double complex g6 = (double complex)(1.0f + 2.0fi) / 4 - 1.0i;
static struct point gp = { 'p', 1.0 - 1.0 * I, 2.0f * I };
static double complex table[] = { 1, 1.0i, -1, -1.0i };
static double complex zero;

static void show(const char *what, double complex z)
{
    printf("%-10s %g %g\n", what, creal(z), cimag(z));
}

static double complex rotate(double complex z, int quarter_turns)
{
    while (quarter_turns-- > 0)
        z *= I;
    return z;
}

static float complex scale(float complex z, float k)
{
    return z * k;
}

static double complex sum(int n, ...)
{
    va_list ap;
    double complex total = 0;
    va_start(ap, n);
    while (n-- > 0)
        total += va_arg(ap, double complex);
    va_end(ap);
    return total;
}

static void set_parts(double complex *p, double re, double im)
{
    __real__ *p = re;
    __imag__ *p = im;
}

int main(void)
{
    show("g1", g1);
    show("g2", g2);
    show("g3", g3);
    show("g4", g4);
    show("g5", g5);
    show("g6", g6);
    show("zero", zero);
    printf("gp %c", gp.tag);
    show("", gp.where);
    show("heading", gp.heading);
    for (int i = 0; i < 4; i++)
        show("table", table[i]);

    printf("sizeof %zu %zu alignof %zu %zu\n", sizeof(double complex), sizeof(float complex),
           _Alignof(double complex), _Alignof(float complex));
    printf("offsets %zu %zu size %zu\n", offsetof(struct point, where), offsetof(struct point, heading), sizeof(struct point));

    double complex local = { 5.0, 6.0 };
    show("local", local);
    double complex arr[3] = { 1.0 + 1.0i, 2, [2] = 3.0i };
    for (int i = 0; i < 3; i++)
        show("arr", arr[i]);
    double complex *p = &arr[1];
    *p = *p * 2.0;
    p[1] += 1;
    show("arr[1]", arr[1]);
    show("arr[2]", arr[2]);
    set_parts(&arr[0], -7, 8);
    show("set", arr[0]);

    struct point pt = { 'q', 2.0 + 3.0i, 0.5f };
    struct point copy = pt;
    copy.where *= copy.heading;
    show("pt", pt.where);
    show("copy", copy.where);
    struct point *pp = &copy;
    __imag__ pp->where = 42;
    show("pp", pp->where);

    for (int k = 0; k < 5; k++)
        show("rotate", rotate(1.0 + 2.0i, k));
    show("scale", scale(1.0f - 2.0fi, 1.5f));
    show("sum", sum(3, 1.0 + 1.0i, g1, (double complex)g3));

    /* <complex.h> functions: some inline (creal, cimag, conj), the
       others from libm. */
    volatile double three = 3;
    double complex z = three + 4.0i;
    printf("cabs %g carg %.17g\n", cabs(z), carg(z));
    show("conj", conj(z));
    show("csqrt", csqrt(z));
    show("cexp", cexp(I * 3.141592653589793));
    show("clog", clog(z));
    show("cpow", cpow(z, 2));
    printf("crealf %g cimagf %g\n", crealf(g3), cimagf(g3));
    printf("builtins %g %g\n", __builtin_creal(z), __builtin_cimag(__builtin_conj(z)));
    printf("classify %d\n", __builtin_classify_type(z));
    printf("printf parts %.3f%+.3fi\n", creal(z / 3), cimag(z / 3));
    return 0;
}
