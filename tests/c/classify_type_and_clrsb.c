/* __builtin_classify_type answers GCC's enum type_class for its argument
 * after the argument conversions (GCC's torture tests use it to tell
 * floating members apart), and __builtin_clrsb counts the redundant sign
 * bits; both were unsupported builtins. */
#include <limits.h>
#include <stdio.h>

enum e { A, B };
struct s { int x; };
union u { int x; float f; };

int main(void) {
    enum e ev = B;
    _Bool b = 1;
    char c = 0;
    int arr[3] = { 0 };
    struct s sv = { 0 };
    union u uv = { 0 };
    float f = 1;
    long double ld = 2;
    void *p = 0;
    printf("%d %d %d %d %d %d %d %d %d %d %d\n", __builtin_classify_type(ev), __builtin_classify_type(b), __builtin_classify_type(c),
           __builtin_classify_type(arr), __builtin_classify_type(sv), __builtin_classify_type(uv), __builtin_classify_type(f),
           __builtin_classify_type(ld), __builtin_classify_type(p), __builtin_classify_type(main), __builtin_classify_type("str"));
    /* The operand is not evaluated. */
    int n = 0;
    printf("%d %d\n", __builtin_classify_type(n++), n);
    int ints[] = { 0, 1, -1, 5, -5, INT_MAX, INT_MIN, 0x00ffffff, -0x01000000 };
    for (int i = 0; i < 9; i++)
        printf("%d ", __builtin_clrsb(ints[i]));
    printf("\n");
    long longs[] = { 0, -1, 1L << 40, -(1L << 40), LONG_MAX, LONG_MIN };
    for (int i = 0; i < 6; i++)
        printf("%d %d|", __builtin_clrsbl(longs[i]), __builtin_clrsbll(longs[i]));
    printf("\n");
    return 0;
}
