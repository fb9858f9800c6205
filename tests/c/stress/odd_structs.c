/* Records with odd sizes and alignments: copies, arrays, pointer differences, _Bool and compound assigns. */
#include <stdio.h>
#include <string.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdalign.h>

struct Three { char a, b, c; };
struct Five { char tag; unsigned char data[4]; };
struct Seven { short s; char c[5]; };
struct Mixed { char c; double d; short s; char name[3]; };
struct Thirteen { char bytes[13]; };
struct Nested { struct Three t; struct Five f; struct Seven sv; int k; };
struct Flags { bool on; bool visible; unsigned char level; };

static void fill_bytes(void *p, size_t n, unsigned seed) {
    unsigned char *b = p;
    for (size_t i = 0; i < n; i++) { seed = seed * 33u + 7u; b[i] = (unsigned char)(seed >> 3); }
}

static unsigned checksum(const void *p, size_t n) {
    const unsigned char *b = p;
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 16777619u; }
    return h;
}

int main(void) {
    printf("sizes: %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct Three), sizeof(struct Five), sizeof(struct Seven),
           sizeof(struct Mixed), sizeof(struct Thirteen), sizeof(struct Nested), sizeof(struct Flags));
    printf("align: %zu %zu %zu %zu\n", alignof(struct Three), alignof(struct Seven), alignof(struct Mixed), alignof(struct Nested));
    printf("offsets: Mixed.d=%zu Mixed.s=%zu Mixed.name=%zu Nested.f=%zu Nested.sv=%zu Nested.k=%zu\n", offsetof(struct Mixed, d),
           offsetof(struct Mixed, s), offsetof(struct Mixed, name), offsetof(struct Nested, f), offsetof(struct Nested, sv),
           offsetof(struct Nested, k));

    struct Thirteen arr13[7];
    fill_bytes(arr13, sizeof arr13, 1);
    struct Thirteen guard_before = arr13[0], guard_after = arr13[6];
    for (int i = 5; i > 0; i--) arr13[i] = arr13[i - 1];  /* shift by struct assignment */
    printf("arr13 shifted: %08x guards %d %d\n", checksum(arr13, sizeof arr13), memcmp(&arr13[0], &guard_before, 13) == 0,
           memcmp(&arr13[6], &guard_after, 13) == 0);
    struct Thirteen *p = &arr13[6], *q = &arr13[1];
    printf("ptrdiff=%td bytes=%td\n", p - q, (char *)p - (char *)q);

    struct Three t3[10];
    fill_bytes(t3, sizeof t3, 2);
    struct Three tmp = t3[9];
    t3[9] = t3[0];
    t3[0] = tmp;
    printf("t3: %08x %d %d %d\n", checksum(t3, sizeof t3), t3[0].a, t3[0].b, t3[9].c);

    struct Seven s7[4];
    fill_bytes(s7, sizeof s7, 3);
    for (int i = 0; i < 4; i++) s7[i].s = (short)(s7[i].s / 3);
    printf("s7: %08x %d\n", checksum(s7, sizeof s7), s7[2].s);

    struct Nested n1, n2;
    memset(&n1, 0, sizeof n1);
    memset(&n2, 0, sizeof n2);
    n1.t.a = 'x'; n1.t.b = 'y'; n1.t.c = 'z';
    n1.f.tag = 5; memcpy(n1.f.data, "\x01\x02\x03\x04", 4);
    n1.sv.s = -300; memcpy(n1.sv.c, "abcd", 5);
    n1.k = 123456;
    n2 = n1;
    n2.f = n1.f;
    n2.t = n2.t;
    n2.sv.c[0] = 'A';
    printf("nested: %c%c%c %d %d%d%d%d %d %s %s %d eq=%d\n", n2.t.a, n2.t.b, n2.t.c, n2.f.tag, n2.f.data[0], n2.f.data[1],
           n2.f.data[2], n2.f.data[3], n2.sv.s, n2.sv.c, n1.sv.c, n2.k, memcmp(&n1, &n2, sizeof n1) == 0);

    struct Mixed mx[3] = { { 'a', 1.25, -1, "xy" }, { 'b', -2.5, 300, { 'p', 'q', 'r' } }, { 0 } };
    mx[2] = mx[0];
    mx[2].d += mx[1].d;
    printf("mixed: %c %.2f %d %.2s | %c %.2f %d %.3s\n", mx[2].c, mx[2].d, mx[2].s, mx[2].name, mx[1].c, mx[1].d, mx[1].s, mx[1].name);

    struct Flags fl = { 0 };
    fl.on = 5;
    fl.visible = 0.25;
    fl.level = 255;
    fl.level++;
    bool toggled = !fl.on;
    struct Flags *flp = n1.k ? &fl : NULL;
    bool from_ptr = flp;
    bool b = 2;
    b = b + 1;
    printf("flags: on=%d visible=%d level=%d toggled=%d from_ptr=%d b=%d sizeof(bool)=%zu\n", fl.on, fl.visible, fl.level,
           toggled, from_ptr, b, sizeof(bool));
    bool bb = false;
    bb += 1;
    printf("bb after +=1: %d\n", bb);
    bb += 7;
    printf("bb after += 7: %d\n", bb);
    bb = bb & 2;
    printf("bb after &2: %d\n", bb);

    int i = 10;
    i += 2.7;
    printf("i+=2.7 -> %d\n", i);
    i *= 0.55;
    printf("i*=0.55 -> %d\n", i);
    i -= -1.9;
    printf("i-=-1.9 -> %d\n", i);
    char c = 'A';
    c += 1.5;
    printf("c+=1.5 -> %c\n", c);
    unsigned u = 7;
    u /= 2.0;
    printf("u/=2.0 -> %u\n", u);
    double d = 10;
    d /= 4;
    d += 'a';
    printf("d -> %.3f\n", d);
    float f = 1;
    f *= 3;
    f /= 7;
    printf("f -> %.7f\n", f);
    long long ll = 1;
    for (int k = 0; k < 70; k += 9) { ll <<= k % 13; ll |= k; }
    printf("ll -> %lld\n", ll);
    int sh = 40;
    unsigned long long big = 1ULL << sh;
    printf("1ULL<<40 = %llu, >>%d = %llu\n", big, sh - 3, big >> (sh - 3));
    printf("-7 %% 3u = %u, -7 / 3u = %u\n", -7 % 3u, -7 / 3u);
    unsigned char ucx = 200;
    printf("ucx/3=%d ucx*ucx=%d (char)(ucx<<1)=%d ~ucx=%d\n", ucx / 3, ucx * ucx, (char)(ucx << 1), ~ucx);
    return 0;
}
