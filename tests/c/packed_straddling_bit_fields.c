/* Bit-fields of packed records that start inside a byte and end past the
 * storage unit of their type (`unsigned short j : 11` at bit 6 covers
 * three bytes): their top bits continue in the byte after the unit, which
 * reads and writes, static and automatic initializers now handle. They
 * were rejected as unsupported (GCC torture 20040709-2, tcc's
 * 95_bitfields). */
#include <stdio.h>
#include <string.h>

struct __attribute__((packed)) shorts {
    unsigned short k : 6, j : 11, i : 15;
};
struct __attribute__((packed)) ints {
    unsigned char tag : 3;
    int s : 31;
    unsigned u : 32;
};
struct __attribute__((packed)) chars {
    unsigned char a : 5, b : 7, c : 6;
    signed char d : 8;
};
struct __attribute__((packed)) longs {
    unsigned x : 4;
    unsigned long long y : 60;
    long long z : 57;
};
#pragma pack(1)
struct pragma_packed {
    int f0 : 15;
    int f1 : 29;
};
#pragma pack()

static struct shorts gs = { 33, 1500, 20000 };
static struct ints gi = { 5, -123456789, 0xdeadbeef };
static struct longs gl = { 9, 0x0123456789abcdefULL, -0x0023456789abcdeLL };

static void dump(const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    printf("\n");
}

int main(void) {
    printf("%zu %zu %zu %zu %zu\n", sizeof(struct shorts), sizeof(struct ints), sizeof(struct chars), sizeof(struct longs),
           sizeof(struct pragma_packed));
    printf("%u %u %u\n", gs.k, gs.j, gs.i);
    printf("%u %d %x\n", gi.tag, gi.s, gi.u);
    printf("%u %llx %lld\n", gl.x, (unsigned long long)gl.y, (long long)gl.z);
    dump(&gs, sizeof gs);
    dump(&gi, sizeof gi);
    dump(&gl, sizeof gl);

    struct shorts s;
    memset(&s, 0xff, sizeof s);
    s.j = 1234;
    s.i += 7;
    s.k = 0;
    printf("%u %u %u\n", s.k, s.j, s.i);
    dump(&s, sizeof s);

    struct ints in = { 2, -1, 1 };
    in.s = in.s * 1000 - 5;
    in.u = (in.u << 31) | 0x12345;
    in.tag++;
    printf("%u %d %x\n", in.tag, in.s, in.u);
    /* 66 bits of fields: the top 6 bits of the last byte are padding,
       indeterminate after an automatic initializer. */
    unsigned char in_bytes[sizeof in];
    memcpy(in_bytes, &in, sizeof in);
    in_bytes[sizeof in - 1] &= 0x03;
    dump(in_bytes, sizeof in);

    struct chars c = { 31, 100, 63, -100 };
    c.b -= 1;
    c.d = (signed char)(c.d - 28);
    printf("%u %u %u %d\n", c.a, c.b, c.c, c.d);
    /* The 26 bits of fields leave the top 6 bits of the last byte as
       padding, which an automatic initializer leaves indeterminate. */
    unsigned char c_bytes[sizeof c];
    memcpy(c_bytes, &c, sizeof c);
    c_bytes[sizeof c - 1] &= 0x03;
    dump(c_bytes, sizeof c);

    struct longs l = gl;
    l.y = ~l.y;
    l.z = l.z / 3;
    printf("%llx %lld\n", (unsigned long long)l.y, (long long)l.z);
    dump(&l, sizeof l);

    static struct pragma_packed d[3];
    d[1].f0 = 1;
    d[1].f1 = 1;
    d[2].f1 = -2;
    printf("%d %d %d\n", d[1].f0, d[1].f1, d[2].f1);
    dump(d, sizeof d);
    return 0;
}
