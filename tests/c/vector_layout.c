/* GCC's generic vectors as data: sizes and alignments, the places the
   attribute may be written, struct members, arrays, pointers, unions
   with arrays, `aligned`, and static and automatic initializers. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef int v4si __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
typedef char v4qi __attribute__((vector_size(4)));
typedef char v2qi __attribute__((vector_size(2)));
typedef short v16hi __attribute__((vector_size(32)));
typedef long long v8di __attribute__((vector_size(64)));
typedef float v2sf __attribute__((vector_size(8)));
typedef double v1df __attribute__((vector_size(8)));
typedef __attribute__((vector_size(16))) unsigned char v16uqi;
typedef v4si v4si_aligned __attribute__((aligned(32)));

struct record {
    char tag;
    v4si v;
    v2si w;
    v4qi q;
    short after;
};

struct packed_record {
    char tag;
    v2si w;
} __attribute__((packed));

union bytes {
    v16uqi v;
    unsigned char b[16];
    unsigned int words[4];
};

struct with_big {
    int n;
    v8di big;
};

static v4si global = { 1, 2, 3 };
static v4si globals[3] = { { 1 }, { 2, 3 }, { 4, 5, 6, 7 } };
static struct record static_record = { 'r', { 10, 20, 30, 40 }, { -1, -2 }, { 'a', 'b', 'c', 'd' }, 99 };
static v1df one_double = { 2.5 };
static v2sf two_floats = { 0.5f, -0.25f };
v16hi zeros;

int main(void)
{
    printf("sizes %zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(v4si), sizeof(v2si), sizeof(v4qi), sizeof(v2qi),
           sizeof(v16hi), sizeof(v8di), sizeof(v2sf), sizeof(v16uqi));
    /* GCC's __alignof__: a vector is aligned to its size (its C11
       _Alignof caps at 16, which nissecc does not tell apart). */
    printf("aligns %zu %zu %zu %zu %zu %zu %zu\n", __alignof__(v4si), __alignof__(v2si), __alignof__(v4qi),
           __alignof__(v2qi), __alignof__(v16hi), __alignof__(v8di), __alignof__(v4si_aligned));
    printf("record %zu %zu %zu %zu %zu %zu\n", sizeof(struct record), offsetof(struct record, v),
           offsetof(struct record, w), offsetof(struct record, q), offsetof(struct record, after),
           __alignof__(struct record));
    printf("packed %zu %zu\n", sizeof(struct packed_record), offsetof(struct packed_record, w));
    printf("big %zu %zu %zu\n", sizeof(struct with_big), offsetof(struct with_big, big), __alignof__(struct with_big));

    /* The attribute on a declaration applies to its base type. */
    int __attribute__((vector_size(16))) declared = { 7, 8, 9, 10 };
    __attribute__((vector_size(8))) short after_attribute = { 1, 2, 3, 4 };
    int pair[2] __attribute__((vector_size(16)));
    printf("declared %zu %d %zu %d %zu\n", sizeof declared, declared[3], sizeof after_attribute,
           after_attribute[2], sizeof pair);
    pair[1] = declared;
    pair[0] = pair[1] * 2;
    printf("pair %d %d\n", pair[0][0], pair[1][3]);

    printf("global %d %d %d %d\n", global[0], global[1], global[2], global[3]);
    for (int i = 0; i < 3; i++)
        printf("globals[%d] %d %d %d %d\n", i, globals[i][0], globals[i][1], globals[i][2], globals[i][3]);
    printf("static_record %c %d %d %c %d\n", static_record.tag, static_record.v[3], static_record.w[1],
           static_record.q[2], static_record.after);
    printf("scalars %g %g %g\n", one_double[0], two_floats[0], two_floats[1]);
    printf("zeros %d %d\n", zeros[0], zeros[15]);

    /* Members, pointers and arrays of vectors. */
    struct record r = { 'x', { 9, 8, 7, 6 }, { 4, 5 }, { 1, 2, 3, 4 }, -3 };
    v4si *p = &r.v;
    (*p)[1] = -1;
    p[0] += 1;
    printf("record %d %d %d %d %d\n", r.v[0], r.v[1], r.w[1], r.q[3], r.after);
    v4si many[4];
    for (int i = 0; i < 4; i++)
        many[i] = (v4si){ i, i * i, -i, 100 };
    v4si *q = many;
    q += 2;
    printf("pointer step %td %d %d\n", (char *)q - (char *)many, (*q)[1], q[1][1]);
    int *element = &many[3][2];
    *element = 55;
    printf("element %d\n", many[3][2]);

    /* The union idiom, bytes and byte order. */
    union bytes u;
    u.v = (v16uqi){ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    printf("union %08x %08x %u\n", u.words[0], u.words[3], u.b[5]);
    u.words[1] = 0xdeadbeef;
    printf("union %u %u\n", u.v[4], u.v[7]);
    unsigned char copy[16];
    memcpy(copy, &u.v, sizeof copy);
    printf("memcpy %u %u\n", copy[0], copy[4]);

    /* Aligned vectors. */
    v4si_aligned a32 = { 1, 2, 3, 4 };
    struct { char c; v4si_aligned v; } holder = { 'h', { 5, 6, 7, 8 } };
    printf("aligned %d %zu %zu %d\n", a32[3], offsetof(__typeof__(holder), v), sizeof holder, holder.v[0]);

    /* Partial and empty initializers zero the rest. */
    v4si partial = { 5 };
    v4si empty = {};
    v2qi tiny = { -1, 1 };
    printf("partial %d %d %d %d %d\n", partial[0], partial[3], empty[0], tiny[0], tiny[1]);
    struct record nested = { 'n', { 1, 2 }, { 3 } };
    printf("nested %d %d %d %d\n", nested.v[1], nested.v[2], nested.w[0], nested.w[1]);
    v4si copy_init = partial + 1;
    printf("copy %d %d\n", copy_init[0], copy_init[3]);
    return 0;
}
