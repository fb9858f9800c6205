/* Bit-fields: signed and unsigned, zero-width, 40- and 64-bit long long fields, fields in unions, _Bool fields, compound assignment and increments wrapping in the field. */
#include <stdio.h>
#include <string.h>

struct bf { unsigned a : 1; signed b : 3; unsigned c : 5; int : 0; unsigned d : 7; int e : 4; };
struct bfl { unsigned long long x : 40; long long y : 24; unsigned long long z : 64; };
struct bfmix { char c; unsigned f : 12; short s; unsigned g : 20; };
union ubf { unsigned raw; struct { unsigned lo : 8, mid : 16, hi : 8; } p; };
struct flags { _Bool on : 1; unsigned char cnt : 7; };
struct sb { signed int s1 : 1; int plain : 2; };

int main(void) {
    struct bf b; memset(&b, 0, sizeof b);
    b.a = 3; b.b = -3; b.c = 31; b.d = 200; b.e = 7;
    printf("%u %d %u %u %d %zu\n", b.a, b.b, b.c, b.d, b.e, sizeof b);
    b.b = 3; b.b++; printf("%d\n", b.b);
    b.e = -8; b.e--; printf("%d\n", b.e);
    b.c += 5; printf("%u\n", b.c);
    struct bfl l = { 0 }; l.x = 0xFFFFFFFFFFULL + 2; l.y = -1; l.z = ~0ULL;
    printf("%llx %lld %llx %zu\n", (unsigned long long)l.x, (long long)l.y, (unsigned long long)l.z, sizeof l);
    l.y = 0x7fffff; l.y += 1; printf("%lld\n", (long long)l.y);
    l.x <<= 1; printf("%llx\n", (unsigned long long)l.x);
    struct bfmix m = { 'q', 4095, -2, 0xFFFFF }; printf("%c %u %d %u %zu\n", m.c, m.f, m.s, m.g, sizeof m);
    m.f++; printf("%u\n", m.f);
    union ubf u; u.raw = 0x12345678; printf("%x %x %x\n", u.p.lo, u.p.mid, u.p.hi);
    u.p.mid = 0xBEEF; printf("%x\n", u.raw);
    struct flags fl = { 1, 100 }; fl.cnt += 30; printf("%d %d %zu\n", fl.on, fl.cnt, sizeof fl);
    struct sb s = { -1, -2 }; printf("%d %d\n", s.s1, s.plain);
    printf("%d\n", b.a + b.b * 2);
    unsigned v = b.c; int neg = b.b - 10; printf("%u %d\n", v, neg);
    printf("%d\n", (b.a ? b.c : b.d) > 5);
    struct bf arr[3] = { { 1, -1, 2 }, { 0, 2, 3, 4, 5 } }; printf("%d %d %u %d\n", arr[0].b, arr[1].b, arr[1].d, arr[1].e);
    return 0;
}
