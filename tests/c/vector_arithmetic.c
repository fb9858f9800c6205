/* GCC's generic vectors: element-wise operators, comparisons, scalar
   operands, subscripts and compound assignment, printed through the
   usual union of a vector and an array. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4usi __attribute__((vector_size(16)));
typedef short v8hi __attribute__((__vector_size__(16)));
typedef unsigned short v8uhi __attribute__((vector_size(16)));
typedef signed char v16qi __attribute__((vector_size(16)));
typedef unsigned char v8uqi __attribute__((vector_size(8)));
typedef long long v2di __attribute__((vector_size(16)));
typedef unsigned long v4udi __attribute__((vector_size(32)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef double v4df __attribute__((vector_size(32)));

union si { v4si v; int a[4]; };

static void show(const char *what, v4si v)
{
    union si u;
    u.v = v;
    printf("%-10s %d %d %d %d\n", what, u.a[0], u.a[1], u.a[2], u.a[3]);
}

static void show_sf(const char *what, v4sf v)
{
    printf("%-10s", what);
    for (int i = 0; i < 4; i++)
        printf(" %g", v[i]);
    printf("\n");
}

int main(void)
{
    v4si a = { 1, -2, 3, 2147483647 };
    v4si b = { 5, 6, -7, 1 };
    show("add", a + b);
    show("sub", a - b);
    show("mul", a * b);
    show("div", b / a);
    show("mod", b % a);
    show("and", a & b);
    show("or", a | b);
    show("xor", a ^ b);
    show("shl", a << 3);
    show("shr", a >> 1);
    show("shr-vec", (v4si){ -64, 64, -1, 1024 } >> (v4si){ 1, 2, 3, 10 });
    show("shl-vec", (v4si){ 1, 1, 3, 5 } << (v4si){ 0, 31, 4, 2 });
    show("neg", -a);
    show("plus", +a);
    show("not", ~a);
    show("scalar+", a + 10);
    show("scalar-", 100 - a);
    show("scalar*", 3 * a);
    show("scalar<<", 1 << (v4si){ 0, 1, 2, 3 });

    /* Comparisons give -1 or 0 in signed elements of the same width. */
    show("lt", a < b);
    show("le", a <= a);
    show("gt", a > 0);
    show("ge", a >= b);
    show("eq", a == (v4si){ 1, 2, 3, 4 });
    show("ne", a != (v4si){ 1, 2, 3, 4 });

    /* Unsigned elements divide and shift as unsigned. */
    v4usi u = { 10, 0xffffffffu, 7, 0x80000000u };
    v4usi q = u / 3;
    v4usi r = u % (v4usi){ 3, 10, 2, 7 };
    v4usi s = u >> 4;
    for (int i = 0; i < 4; i++)
        printf("unsigned %u %u %u\n", q[i], r[i], s[i]);
    v4si usign = (v4si)(u > 5u);
    show("u>5", usign);

    /* Narrow elements wrap. */
    v16qi c = { 120, 127, -128, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, -1 };
    c = c + 10;
    for (int i = 0; i < 16; i++)
        printf("%d%c", c[i], i == 15 ? '\n' : ' ');
    c = c * c;
    for (int i = 0; i < 16; i++)
        printf("%d%c", c[i], i == 15 ? '\n' : ' ');
    v8uqi bytes = { 250, 251, 252, 253, 254, 255, 0, 1 };
    bytes += 10;
    for (int i = 0; i < 8; i++)
        printf("%u%c", bytes[i], i == 7 ? '\n' : ' ');
    v8hi h = { 32767, -32768, 1000, -1000, 7, 8, 9, 10 };
    h = h + 1;
    h *= 3;
    for (int i = 0; i < 8; i++)
        printf("%d%c", h[i], i == 7 ? '\n' : ' ');
    v8uhi uh = { 65535, 0, 1, 2, 3, 4, 5, 6 };
    uh = uh + 1;
    uh = uh - 2;
    for (int i = 0; i < 8; i++)
        printf("%u%c", uh[i], i == 7 ? '\n' : ' ');

    /* Wide elements. */
    v2di d = { 0x123456789abcdefLL, -5 };
    d = d * 16 + (v2di){ 1, 2 };
    printf("%llx %lld\n", (unsigned long long)d[0], d[1]);
    v4udi big = { 1, 2, 3, 0xffffffffffffffffUL };
    big = big * big + 1;
    printf("%lu %lu %lu %lu\n", big[0], big[1], big[2], big[3]);

    /* Floating elements; NaN compares unequal to everything. */
    v4sf f = { 1.0f, 2.5f, -3.0f, 0.0f };
    f[3] = f[3] / f[3];
    show_sf("f*2", f * 2.0f);
    show_sf("f/f", f / (v4sf){ 2, 0.5f, -1, 1 });
    show_sf("-f", -f);
    show("f==f", f == f);
    show("f!=f", f != f);
    show("f<1", f < 1.0f);
    v2df g = { 1.5, -2.25 };
    g = g * g - 0.5;
    printf("%g %g\n", g[0], g[1]);
    v4df wide = { 1, 2, 3, 4 };
    wide = wide / 4 + wide;
    printf("%g %g %g %g\n", wide[0], wide[1], wide[2], wide[3]);
    v2di dcmp = g > 0.0;
    printf("%lld %lld\n", dcmp[0], dcmp[1]);

    /* Subscripts as lvalues, compound assignment, increments. */
    a[2] = 42;
    a[0] += 5;
    a[1]++;
    show("subscript", a);
    a += b;
    show("+=", a);
    a <<= 1;
    show("<<=", a);
    a -= (v4si){ 1, 1, 1, 1 };
    a &= 0xff;
    show("&=", a);
    v4si before = a++;
    show("post++", before);
    show("after", a);
    --a;
    show("pre--", a);
    int total = 0;
    for (int i = 0; i < 4; i++)
        total += a[i];
    printf("total %d\n", total);
    return 0;
}
