/* _Generic on many types (promotions, literals' types, decay), _Alignas/_Alignof, _Static_assert, inline and extern inline, restrict, _Bool conversions, enums with negative and wide values, typeof. */
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

_Static_assert(sizeof(int) == 4, "int");
#define TYPENAME(x) _Generic((x), int: "int", unsigned: "unsigned", long: "long", long long: "llong", unsigned long: "ulong", char: "char", signed char: "schar", unsigned char: "uchar", short: "short", float: "float", double: "double", long double: "ldouble", _Bool: "bool", char *: "char*", const char *: "cchar*", int *: "int*", default: "other")
struct al { char c; _Alignas(32) int x; };
static inline int sq(int x) { return x * x; }
extern inline int cube(int x);
inline int cube(int x) { return x * x * x; }
static _Noreturn void never(void);
int add_restrict(int *restrict a, const int *restrict b, int n) { int s = 0; for (int i = 0; i < n; i++) { a[i] += b[i]; s += a[i]; } return s; }

int main(void) {
    char c = 'a'; short s = 1; unsigned char uc = 200; float f = 1; long double ld = 1;
    printf("%s %s %s %s %s\n", TYPENAME(c), TYPENAME(s), TYPENAME(uc), TYPENAME(f), TYPENAME(ld));
    printf("%s %s %s %s\n", TYPENAME(c + 1), TYPENAME(uc + uc), TYPENAME(1u + 1), TYPENAME(1L + 1u));
    printf("%s %s %s %s\n", TYPENAME(1ULL), TYPENAME(0x80000000), TYPENAME(2147483648), TYPENAME(0xFFFFFFFFFFFFFFFF));
    printf("%s %s %s %s\n", TYPENAME("lit"), TYPENAME((const char*)"x"), TYPENAME(&s), TYPENAME((bool)1));
    printf("%s %s %s\n", TYPENAME('a'), TYPENAME(1.0f * 2), TYPENAME(s ? 1 : 2.0));
    int arr[3]; printf("%s\n", _Generic(arr, int *: "decayed", default: "array"));
    printf("%zu %zu %zu\n", _Alignof(struct al), offsetof(struct al, x), sizeof(struct al));
    _Alignas(double) char buf[8]; printf("%d\n", (int)((uintptr_t)buf % _Alignof(double)));
    printf("%d %d\n", sq(7), cube(3));
    _Bool b1 = 0.5, b2 = -0.0, b3 = (void*)0 == 0, b4 = 256; printf("%d %d %d %d\n", b1, b2, b3, b4);
    bool bb = 3; bb++; printf("%d\n", bb); bb--; printf("%d\n", bb); bb--; printf("%d\n", bb);
    int a[4] = {1, 2, 3, 4}, bq[4] = {10, 20, 30, 40}; printf("%d\n", add_restrict(a, bq, 4));
    volatile int v = 5; v += 2; printf("%d\n", v);
    const int ci = 10; printf("%d\n", ci * 2);
    if (ci == 11) never();
    enum e { NEG = -5, ZERO = 0, BIG = 0x7fffffff, AFTER_NEG = NEG + 1 } ev = NEG;
    printf("%d %d %d %d %zu\n", ev, ZERO, BIG, AFTER_NEG, sizeof(enum e));
    enum big { HUGE1 = 0x100000000LL, H2 } eb = H2; printf("%lld %zu\n", (long long)eb, sizeof(enum big));
    enum uns { U1 = 0xffffffffu } eu = U1; printf("%u %d\n", (unsigned)eu, eu > 0);
    typedef int arr3[3]; arr3 x3 = {1, 2, 3}; printf("%zu %d\n", sizeof(arr3), x3[2]);
    typeof(ci) tci = 4; __typeof__(x3[0]) t2 = 5; printf("%d %d\n", tci, t2);
    return 0;
}
static void never(void) { for (;;); }
