/* #pragma pack(N) caps the alignment of the members of the records
 * defined while it is in force, with push and pop (GCC manual,
 * "Structure-Layout Pragmas"); libsodium's headers wrap their state
 * structs in pack(push, 1) and pack(pop). nissecc rejected it. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#pragma pack(push, 1)
struct header {
    unsigned char kind;
    unsigned int length;
    unsigned short flags;
    double value;
};
#pragma pack(push, inner, 2)
struct pair {
    char tag;
    long long wide;
    int narrow;
};
union mixed {
    char c[3];
    int i;
};
#pragma pack(pop, inner)
struct __attribute__((aligned(16))) aligned_state {
    char c;
    long long x;
};
#pragma pack(pop)

#pragma pack(4)
struct bits {
    char c;
    int a : 30;
    int b : 4;
    unsigned : 0;
    char d;
    double e;
};
struct capped_attribute {
    char c;
    long long x __attribute__((aligned(8)));
};
#pragma pack()
struct natural {
    char c;
    double d;
};

_Pragma("pack(push, 2)")
struct from_operator {
    char c;
    int i;
};
_Pragma("pack(pop)")

static struct header make_header(unsigned char kind, unsigned length) {
    struct header h = { kind, length, 0x1234, length * 0.5 };
    return h;
}

static unsigned sum_pairs(const struct pair *p, int n) {
    unsigned total = 0;
    for (int i = 0; i < n; i++) total += p[i].tag + (unsigned)p[i].wide + p[i].narrow;
    return total;
}

#define LAYOUT(T) printf("%-22s size %2zu align %2zu\n", #T, sizeof(T), _Alignof(T))

int main(void) {
    LAYOUT(struct header);
    LAYOUT(struct pair);
    LAYOUT(union mixed);
    LAYOUT(struct aligned_state);
    LAYOUT(struct bits);
    LAYOUT(struct capped_attribute);
    LAYOUT(struct natural);
    LAYOUT(struct from_operator);
    printf("header %zu %zu %zu\n", offsetof(struct header, length), offsetof(struct header, flags), offsetof(struct header, value));
    printf("pair %zu %zu\n", offsetof(struct pair, wide), offsetof(struct pair, narrow));
    printf("bits %zu %zu; capped %zu; aligned_state %zu\n", offsetof(struct bits, d), offsetof(struct bits, e),
           offsetof(struct capped_attribute, x), offsetof(struct aligned_state, x));

    struct header h = make_header(7, 1000);
    printf("%u %u %x %g\n", h.kind, h.length, h.flags, h.value);
    unsigned char bytes[sizeof h];
    memcpy(bytes, &h, sizeof h);
    for (size_t i = 0; i < sizeof h; i++) printf("%02x", bytes[i]);
    printf("\n");

    struct pair pairs[3] = { { 1, 1LL << 40, 5 }, { 2, -3, 6 }, { 3, 100, 7 } };
    printf("%u %lld\n", sum_pairs(pairs, 3), pairs[1].wide);
    pairs[2].wide += pairs[0].wide;
    printf("%lld\n", pairs[2].wide);

    struct bits b;
    memset(&b, 0, sizeof b);
    b.c = 'x';
    b.a = -123456;
    b.b = 5;
    b.d = 'y';
    b.e = 2.25;
    b.b += 1;
    printf("%c %d %d %c %g\n", b.c, b.a, b.b, b.d, b.e);
    unsigned char raw[sizeof b];
    memcpy(raw, &b, sizeof b);
    for (size_t i = 0; i < sizeof b; i++) printf("%02x", raw[i]);
    printf("\n");

    union mixed m;
    m.i = 0x41424344;
    printf("%c%c%c\n", m.c[0], m.c[1], m.c[2]);
    return 0;
}
