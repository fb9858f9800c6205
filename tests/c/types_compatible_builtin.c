/* GCC's __builtin_types_compatible_p on type names and __typeof__ operands: top-level qualifiers ignored, arrays against pointers (the kernel's ARRAY_SIZE check), char against signed char, enums against their integer type, in expressions and in integer constant expressions (array sizes, case labels, _Static_assert, __builtin_choose_expr). */
#include <stdio.h>
#define same(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define must_be_array(a) (sizeof(char[1 - 2 * !!__builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0]))]) - 1)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + must_be_array(a))
enum e { E0 };
struct s { int x; };
typedef struct s s_t;
_Static_assert(__builtin_types_compatible_p(int, signed), "int");
int main(void) {
    int arr[7]; int *p = arr; const int ci = 1; long l = 0; char c = 0; struct s sv; s_t st;
    printf("%zu\n", ARRAY_SIZE(arr));
    printf("%d %d %d %d\n", same(arr, p), same(p, &arr[0]), same(ci, l), same(ci, arr[0]));
    printf("%d %d %d %d\n", __builtin_types_compatible_p(char, signed char), __builtin_types_compatible_p(char, char), __builtin_types_compatible_p(long, long long), __builtin_types_compatible_p(enum e, unsigned));
    printf("%d %d %d\n", same(sv, st), __builtin_types_compatible_p(int[], int[5]), __builtin_types_compatible_p(int (*)(void), int (*)(int)));
    printf("%d %d\n", __builtin_types_compatible_p(const int *, int *), __builtin_types_compatible_p(int * const, int *));
    char buf[__builtin_types_compatible_p(double, double) + 2]; printf("%zu %d\n", sizeof buf, same(c, 'a'));
    printf("%s\n", __builtin_choose_expr(same(l, 0L), "long", "other"));
    switch (1) { case __builtin_types_compatible_p(float, float): printf("case\n"); }
    return 0;
}
