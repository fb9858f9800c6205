/* The overflow builtins with an __int128 result (the operands have at most
   64 bits): the exact value is stored whole, and overflows only by its sign. */
#include <stdio.h>
typedef unsigned __int128 u128;
typedef __int128 i128;
static void show(const char *what, int o, u128 v) {
    printf("%s %d %016llx%016llx\n", what, o, (unsigned long long)(v >> 64), (unsigned long long)v);
}
int main(void) {
    unsigned long long m = ~0ULL; long long n = -5, big = 0x7fffffffffffffffLL, small = -big - 1;
    u128 u; i128 s; int o;
    o = __builtin_mul_overflow(m, m, &u); show("umul u", o, u);
    o = __builtin_mul_overflow(m, m, &s); show("umul s", o, (u128)s);
    o = __builtin_mul_overflow(n, m, &u); show("smul u", o, u);
    o = __builtin_mul_overflow(n, m, &s); show("smul s", o, (u128)s);
    o = __builtin_mul_overflow(small, small, &s); show("minmin s", o, (u128)s);
    o = __builtin_mul_overflow(small, m, &s); show("minm s", o, (u128)s);
    o = __builtin_sub_overflow(0U, 1U, &u); show("sub u", o, u);
    o = __builtin_sub_overflow(0U, 1U, &s); show("sub s", o, (u128)s);
    o = __builtin_add_overflow(m, m, &u); show("add u", o, u);
    o = __builtin_add_overflow(n, 3, &u); show("add neg u", o, u);
    printf("%d %d\n", __builtin_mul_overflow_p(m, m, (i128)0), __builtin_mul_overflow_p(m, m, (u128)0));
    printf("%d\n", __builtin_sub_overflow_p(1, 2, (u128)0));
    return 0;
}
