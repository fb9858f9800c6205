/* GCC's generic vectors: __builtin_shuffle with one and two operands,
   __builtin_shufflevector, __builtin_convertvector, casts that keep the
   bytes, comparison masks used as bit masks, and scalar operands. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4usi __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned char v16uqi __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
typedef float v2sf __attribute__((vector_size(8)));
typedef double v4df __attribute__((vector_size(32)));

static void show(const char *what, v4si v)
{
    printf("%-12s %d %d %d %d\n", what, v[0], v[1], v[2], v[3]);
}

/* Selects a where the mask is set, b elsewhere. */
static v4sf select_sf(v4si mask, v4sf a, v4sf b)
{
    return (v4sf)((mask & (v4si)a) | (~mask & (v4si)b));
}

static v4si reverse(v4si v)
{
    return __builtin_shuffle(v, (v4si){ 3, 2, 1, 0 });
}

int main(void)
{
    v4si a = { 10, 20, 30, 40 };
    v4si b = { -1, -2, -3, -4 };
    show("reverse", reverse(a));
    show("broadcast", __builtin_shuffle(a, (v4si){ 2, 2, 2, 2 }));
    show("modulo", __builtin_shuffle(a, (v4si){ 4, 5, -1, 7 }));
    show("two", __builtin_shuffle(a, b, (v4si){ 0, 4, 1, 5 }));
    show("two-modulo", __builtin_shuffle(a, b, (v4si){ 8, 15, 6, 3 }));
    v4usi umask = { 1, 0, 3, 2 };
    show("unsigned", __builtin_shuffle(a, umask));
    v2df d = { 1.5, -2.5 };
    v2di dmask = { 1, 0 };
    v2df swapped = __builtin_shuffle(d, dmask);
    printf("swapped %g %g\n", swapped[0], swapped[1]);
    v16uqi bytes = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
    v16uqi rot = __builtin_shuffle(bytes, (v16uqi){ 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 });
    printf("rot %u %u %u\n", rot[0], rot[1], rot[15]);
    show("shufflevector", __builtin_shufflevector(a, b, 7, 0, 5, 2));
    v2si low = __builtin_shufflevector(a, a, 0, 1);
    printf("low %d %d\n", low[0], low[1]);

    /* Conversions element by element. */
    v4sf f = { 1.75f, -2.5f, 1e9f, -0.0f };
    v4si truncated = __builtin_convertvector(f, v4si);
    show("convert", truncated);
    v4sf back = __builtin_convertvector(a, v4sf);
    printf("back %g %g\n", back[0] / 3, back[3]);
    v2sf narrow = { 0.1f, 3.0f };
    typedef double v2df_t __attribute__((vector_size(16)));
    v2df_t widened = __builtin_convertvector(narrow, v2df_t);
    printf("widened %.10f %g\n", widened[0], widened[1]);
    v4df wide = __builtin_convertvector(a, v4df);
    printf("wide %g %g\n", wide[1], wide[3]);

    /* Casts keep the bytes. */
    v4sf ones = { 1.0f, -1.0f, 0.5f, 2.0f };
    v4si bits = (v4si)ones;
    printf("bits %08x %08x\n", (unsigned)bits[0], (unsigned)bits[1]);
    v8hi halves = (v8hi)a;
    printf("halves %d %d %d\n", halves[0], halves[1], halves[2]);
    long long whole = (long long)(v2si){ 1, 2 };
    printf("whole %llx\n", whole);
    v2si from_int = (v2si)0x0000000500000007LL;
    printf("from_int %d %d\n", from_int[0], from_int[1]);
    unsigned __int128 wide_int = (unsigned __int128)(v2di){ 3, 4 };
    printf("int128 %llu %llu\n", (unsigned long long)wide_int, (unsigned long long)(wide_int >> 64));
    v4si from_wide = (v4si)((unsigned __int128)1 << 64);
    show("from int128", from_wide);

    /* Comparison masks as bit masks, and as any vector of their size. */
    v4sf x = { 1, 5, -3, 8 };
    v4sf y = { 2, 4, -3, 9 };
    v4sf smaller = select_sf(x < y, x, y);
    printf("min %g %g %g %g\n", smaller[0], smaller[1], smaller[2], smaller[3]);
    v4usi mask = x >= y;
    printf("mask %x %x %x %x\n", mask[0], mask[1], mask[2], mask[3]);
    v4sf float_mask = a > 15;
    v4si again = (v4si)float_mask;
    show("float mask", again);
    int count = 0;
    v4si hits = a == (v4si){ 10, 0, 30, 0 };
    for (int i = 0; i < 4; i++)
        count -= hits[i];
    printf("count %d\n", count);

    /* Scalars of several types as operands. */
    v8hi h = { 1, 2, 3, 4, 5, 6, 7, 8 };
    short s = 3;
    h = h * s + -32768;
    printf("h %d %d\n", h[0], h[7]);
    unsigned char c = 200;
    v4si widened_scalar = a + c;
    show("char scalar", widened_scalar);
    v2df dv = { 1, 2 };
    float fl = 0.25f;
    dv = dv * fl + 1;
    printf("dv %g %g\n", dv[0], dv[1]);
    v4sf fv = f * 0.5 + 16777216;
    printf("fv %g %g\n", fv[0], fv[2]);
    a = 7 - a;
    show("reversed", a);
    a = a << 2;
    a = a >> (v4si){ 1, 2, 3, 4 };
    show("shifts", a);
    return 0;
}
