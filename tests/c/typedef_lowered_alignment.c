/* GCC lets `aligned` on a typedef lower a type's alignment, not only
 * raise it: members, objects and arrays of the typedef's type take its
 * alignment (a `D1` member packs at any byte), while a pointer to it, or
 * to a raised typedef's type, keeps a pointer's own alignment. A struct
 * with such a member is passed by value in memory when the member is
 * misaligned for its scalar (psABI §3.2.3). */
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
typedef double D1 __attribute__((aligned(1)));
typedef int I2 __attribute__((aligned(2)));
typedef long L4 __attribute__((__aligned__(4)));
typedef int I16 __attribute__((aligned(16)));
typedef I2 I2b;
typedef D1 D2 __attribute__((aligned(2)));
struct Q { char c; D1 d; D2 f; I16 i; };
D1 g1; char gc; D1 g2;
typedef I16 *PI16;
struct U { char c; D1 d; char e; };
struct V { char c; I2 a[3]; L4 l; short s; };
struct W { char c; I16 i; PI16 p; D1 *pd; };
struct X { char c; I2b x; L4 y[2]; };
union Y { char c[3]; I2 i; };
static struct U gu = { 'a', 2.5, 'b' };
static I2 gi2; static char gpad; static L4 gl4;
D1 sum(const struct U *u, int n) { D1 s = 0; for (int i = 0; i < n; i++) s += u[i].d; return s; }
struct U make(char c, double d) { struct U u = { c, d, (char)(c + 1) }; return u; }
double take(struct U u, struct V v) { return u.d + v.a[1] + v.l + u.e; }
int main(void) {
    struct U arr[4];
    for (int i = 0; i < 4; i++) { arr[i].c = (char)i; arr[i].d = i * 1.5; arr[i].e = 'x'; }
    printf("%zu %zu %zu %zu\n", sizeof(struct U), sizeof(struct V), sizeof(struct W), sizeof(struct X));
    printf("%zu %zu %zu %zu\n", _Alignof(struct U), _Alignof(struct V), _Alignof(struct W), _Alignof(struct X));
    printf("%zu %zu %zu\n", offsetof(struct V, a), offsetof(struct V, l), offsetof(struct V, s));
    printf("%zu %zu %zu\n", offsetof(struct W, i), offsetof(struct W, p), offsetof(struct W, pd));
    printf("%zu %zu %zu %zu\n", sizeof(union Y), _Alignof(union Y), _Alignof(I2b), _Alignof(PI16));
    printf("%zu %zu %zu\n", _Alignof(I2[4]), _Alignof(I2 *), __alignof__(gl4));
    printf("%g\n", sum(arr, 4));
    struct U m = make('m', 7.25);
    struct V v; memset(&v, 0, sizeof v); v.a[1] = 40; v.l = 100000000000L; v.s = 3;
    printf("%c %g %c %g\n", m.c, m.d, m.e, take(m, v));
    printf("%c %g %c\n", gu.c, gu.d, gu.e);
    gi2 = 5; gl4 = 6; gpad = 1;
    printf("%d %ld %d\n", gi2, gl4, gpad);
    I2 li = 9; L4 ll = 10; D1 ld = 0.5;
    printf("%zu %zu %zu %d %ld %g\n", __alignof__(li), __alignof__(ll), __alignof__(ld), li, ll, ld);
    unsigned char raw[sizeof(struct U)]; memcpy(raw, &m, sizeof raw);
    for (size_t i = 0; i < sizeof raw; i++)
        printf("%02x", raw[i]);
    printf("\n");
    printf("%zu %zu %zu %zu %zu %zu\n", sizeof(struct Q), offsetof(struct Q, f), offsetof(struct Q, i), _Alignof(D2), __alignof__(g1), __alignof__(g2));
    char *heap = malloc(16);
    D1 *u = (D1 *)(heap + 1);
    *u = 2.25;
    gc = 1;
    printf("%g %g\n", *u + g1, g2);
    free(heap);
    return 0;
}
