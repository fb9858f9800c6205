/* Types nissecc cannot compute with still have GCC's size and alignment,
 * so sizeof and the layout of records that mention them (in glibc's
 * headers, or in members a program never touches) are GCC's: complex
 * types of every element type, the TS 18661 types, __int128 and the
 * vector types of <emmintrin.h>. They all had size and alignment 16,
 * and _Float32x and _Decimal32 were taken for float. */
#include <stddef.h>
#include <stdio.h>
#include <emmintrin.h>

struct mixed {
    char tag;
    _Complex float cf;
    short s;
    _Complex double cd;
    char c2;
    _Complex long double cld;
    int i;
    _Float16 h;
    _Float32x wide;
    char c3;
    __int128 big;
    unsigned __int128 ubig;
    __m128i vector;
    __m128d doubles;
    char last;
};

typedef __uint128_t u128;
typedef _Complex char complex_char;

#define SHOW(T) printf("%-22s size %2zu align %2zu\n", #T, sizeof(T), _Alignof(T))

int main(void) {
    SHOW(_Complex float);
    SHOW(_Complex double);
    SHOW(_Complex long double);
    SHOW(_Complex int);
    SHOW(complex_char);
    SHOW(_Complex);
    SHOW(_Float16);
    SHOW(_Float32);
    SHOW(_Float64);
    SHOW(_Float32x);
    SHOW(_Float64x);
    SHOW(_Float128);
    SHOW(_Decimal32);
    SHOW(_Decimal64);
    SHOW(_Decimal128);
    SHOW(__int128);
    SHOW(unsigned __int128);
    SHOW(__int128_t);
    SHOW(u128);
    SHOW(__m128i);
    SHOW(__m128d);
    SHOW(__m128);
    SHOW(struct mixed);
    printf("offsets: %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu\n", offsetof(struct mixed, cf),
           offsetof(struct mixed, s), offsetof(struct mixed, cd), offsetof(struct mixed, c2), offsetof(struct mixed, cld),
           offsetof(struct mixed, i), offsetof(struct mixed, h), offsetof(struct mixed, wide), offsetof(struct mixed, c3),
           offsetof(struct mixed, big), offsetof(struct mixed, ubig), offsetof(struct mixed, vector),
           offsetof(struct mixed, doubles), offsetof(struct mixed, last));
    /* The members around the unsupported ones are ordinary objects. */
    static struct mixed m;
    m.tag = 'x';
    m.i = 42;
    m.last = 'z';
    m.wide = 2.5;
    printf("%c %d %c %.2f\n", m.tag, m.i, m.last, (double)m.wide);
    return 0;
}
