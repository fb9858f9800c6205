/* C11's _Alignas on struct and union members (and <stdalign.h>'s alignas),
   with a constant or a type operand, in named, nested and anonymous
   records; declarations keep their own _Alignas. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct a { char c; _Alignas(16) int x; };
struct b { char c; _Alignas(double) char y; short s; };
struct c { char c; alignas(max_align_t) char z; };
struct d { char c; int _Alignas(8) w; };
struct outer { char tag; union { _Alignas(32) char raw[3]; int i; } u; struct { char k; alignas(8) char v; } in; };
typedef struct { _Alignas(64) unsigned char line[10]; int n; } cache_line;

int main(void) {
    printf("%zu %zu %zu\n", offsetof(struct a, x), sizeof(struct a), _Alignof(struct a));
    printf("%zu %zu %zu\n", offsetof(struct b, y), offsetof(struct b, s), sizeof(struct b));
    printf("%zu %zu\n", offsetof(struct c, z), sizeof(struct c));
    printf("%zu %zu\n", offsetof(struct d, w), sizeof(struct d));
    printf("%zu %zu %zu %zu\n", offsetof(struct outer, u), offsetof(struct outer, in), offsetof(struct outer, in.v), sizeof(struct outer));
    printf("%zu %zu %zu\n", offsetof(cache_line, n), sizeof(cache_line), _Alignof(cache_line));
    static cache_line lines[2];
    printf("%d %d\n", ((uintptr_t)&lines[1] & 63) == 0, (int)((char *)&lines[1] - (char *)&lines[0]));
    static _Alignas(32) char buf[5];
    printf("%d\n", ((uintptr_t)buf & 31) == 0);
    struct a v = { 'q', 42 };
    struct a w = v;
    printf("%c %d\n", w.c, w.x);
    return 0;
}
