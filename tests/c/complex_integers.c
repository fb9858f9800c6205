/* GNU C's complex integer types: imaginary integer constants, arithmetic
   part by part, inline products and quotients (GCC's Smith's method in
   integer arithmetic), conversions, comparisons, static initializers,
   struct members and calls. */
#include <stdio.h>

struct pair { _Complex char a; _Complex short b; };
static struct pair gp = { 1 + 2i, 300 - 4i };
static _Complex unsigned short gus = 100 + 200i;
static _Complex int gi = 7;
static _Complex long gl = -5i;
static _Complex int garr[] = { 1, 2i, -3 - 3i };

static _Complex int twice(_Complex int z) { return z * 2; }
static _Complex char id(_Complex char z) { return z; }
static _Complex long long big(_Complex long long a, _Complex long long b) { return a * b; }

static void show(const char *what, _Complex long long z)
{
    printf("%-8s %lld %lld\n", what, __real__ z, __imag__ z);
}

int main(void)
{
    _Complex int x = 7 + 3i, y = 2 - 5i;
    show("x", x);
    show("x+y", x + y);
    show("x-y", x - y);
    show("x*y", x * y);
    show("x/y", x / y);
    show("y/x", y / x);
    show("x/2", x / 2);
    show("100/y", 100 / y);
    show("-x", -x);
    show("~x", ~x);
    show("x*3", x * 3);
    show("1-x", 1 - x);

    /* Signed quotients in each branch of the division, with negative
       parts. */
    _Complex int ds[] = { 17 - 4i, -9 + 25i, 3 + 3i, -1 - 1i, 40i };
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            _Complex int q = ds[i] / ds[j];
            printf("%d %d ", __real__ q, __imag__ q);
        }
    printf("\n");

    /* Unsigned parts wrap and divide unsigned. */
    _Complex unsigned u = 3, v = 7;
    u /= v;
    show("3u/7u", u);
    _Complex unsigned w = 42;
    w /= v;
    show("42u/7u", w);
    _Complex unsigned char uc = 250 + 10i;
    uc += 10;
    show("uc+10", uc);
    _Complex char c = 100 + 100i;
    c = c * c;
    show("c*c", c);

    /* Conversions. */
    _Complex double d = x;
    printf("to double %g %g\n", __real__ d, __imag__ d);
    _Complex int from_double = 2.75 - 3.5i;
    show("from dbl", from_double);
    int re = x;
    _Bool t = 0 + 1i, f = 0i;
    printf("re %d t %d f %d\n", re, t, f);
    printf("sizes %zu %zu %zu %zu\n", sizeof(_Complex char), sizeof(_Complex short), sizeof(2i), sizeof(x + 1.0));

    /* Comparisons and truth. */
    printf("x==x %d x!=y %d x==7 %d 7==7+0i %d\n", x == x, x != y, x == 7, 7 == 7 + 0i);
    if (x)
        printf("x is true\n");
    printf("!0i %d\n", !(0i));

    /* Objects. */
    show("gp.a", gp.a);
    show("gp.b", gp.b);
    show("gus", gus);
    show("gi", gi);
    show("gl", gl);
    for (int i = 0; i < 3; i++)
        show("garr", garr[i]);
    show("twice", twice(x));
    show("id", id(gp.a));
    show("big", big(1000000 + 2i, 3 - 1000000i));
    __real__ x = 11;
    __imag__ x += 1;
    show("parts", x);
    x++;
    show("x++", x);
    return 0;
}
