/* __attribute__((mode(...))) in a type name and in a member's
   specifiers makes the integer type of that size, as in a typedef or a
   declaration (gcc.dg's 20011214-1 casts to it). */
#include <stdio.h>

#define small __attribute__((mode(QI))) int
#define half __attribute__((mode(HI))) unsigned
typedef int word __attribute__((mode(SI)));

struct packed_modes {
    __attribute__((mode(QI))) int a;
    int b __attribute__((mode(HI)));
    __attribute__((mode(DI))) unsigned c;
};

int main() {
    int y = 0x1234567;
    int x = (small) y;
    unsigned h = (half) -1;
    printf("%d %u %zu %zu %zu\n", x, h, sizeof(small), sizeof(half), sizeof(word));
    struct packed_modes p = { -1, 70000, ~0u };
    printf("%zu %d %d %llu\n", sizeof p, p.a, p.b, (unsigned long long)p.c);
    printf("%d\n", (int)(small)300 + (int)(__attribute__((mode(HI))) int)100000);
    return 0;
}
