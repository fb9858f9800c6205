/* GCC's __builtin_{add,sub,mul}_overflow_p(a, b, c): whether a op b,
   computed exactly, overflows the type of c, whose value is unused but
   whose side effects happen. gnulib's intprops.h builds INT_ADD_OVERFLOW
   and friends on them whenever __has_builtin says GCC has them. */
#include <limits.h>
#include <stdio.h>

#define INT_ADD_OVERFLOW(a, b) __builtin_add_overflow_p(a, b, (__typeof__((a) + (b)))0)
#define INT_SUBTRACT_OVERFLOW(a, b) __builtin_sub_overflow_p(a, b, (__typeof__((a) - (b)))0)
#define INT_MULTIPLY_OVERFLOW(a, b) __builtin_mul_overflow_p(a, b, (__typeof__((a) * (b)))0)

/* With constant operands they are integer constant expressions. */
enum { SQUARE_OVERFLOWS = INT_MULTIPLY_OVERFLOW(65536, 65536), SUM_FITS_CHAR = !__builtin_add_overflow_p(100, 27, (char)0) };
static char table[__builtin_sub_overflow_p(0u, 1u, 0u) ? 3 : 5];
_Static_assert(!INT_ADD_OVERFLOW(1, 2) && INT_ADD_OVERFLOW(INT_MAX, 1), "constant overflow checks");

static int calls;

static int next(void) {
    return ++calls;
}

int main(void) {
    long long values[] = {0, 1, -1, 127, -128, 255, 32767, -32768, INT_MAX, INT_MIN, UINT_MAX, LLONG_MAX, LLONG_MIN};
    int n = sizeof values / sizeof values[0];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            long long a = values[i], b = values[j];
            unsigned long long ua = (unsigned long long)a;
            printf("%d%d%d %d%d%d %d%d%d %d%d%d %d%d\n",
                   __builtin_add_overflow_p(a, b, (signed char)0), __builtin_sub_overflow_p(a, b, (signed char)0),
                   __builtin_mul_overflow_p(a, b, (signed char)0),
                   __builtin_add_overflow_p(a, b, (unsigned short)0), __builtin_sub_overflow_p(a, b, (unsigned short)0),
                   __builtin_mul_overflow_p(a, b, (unsigned short)0),
                   __builtin_add_overflow_p(a, b, 0), __builtin_sub_overflow_p(a, b, 0), __builtin_mul_overflow_p(a, b, 0),
                   __builtin_add_overflow_p(ua, b, 0LL), __builtin_sub_overflow_p(a, ua, 0ULL), __builtin_mul_overflow_p(ua, ua, 0ULL),
                   INT_ADD_OVERFLOW((int)a, (int)b), INT_MULTIPLY_OVERFLOW(a, b));
        }
    }
    /* The third argument is evaluated only for its side effects. */
    int hit = __builtin_add_overflow_p(INT_MAX, 1, next());
    int miss = __builtin_mul_overflow_p(1000, 1000, (long)next());
    printf("%d %d calls %d\n", hit, miss, calls);
    printf("%d %d\n", INT_SUBTRACT_OVERFLOW(INT_MIN, 1), INT_SUBTRACT_OVERFLOW(0u, 1u));
    printf("%d %d %d\n", SQUARE_OVERFLOWS, SUM_FITS_CHAR, (int)sizeof table);
    return 0;
}
