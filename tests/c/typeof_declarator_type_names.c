/* __typeof__ of a type name that starts with a typedef name (or with
   __typeof__) and has a function-pointer or array declarator:
   `__typeof__(T (*)(int))`, `__typeof__(T [3])`, `__typeof__(T *[2])`.
   lang-c tried the operand as an expression first and the declaration
   was a syntax error; the pointer forms (`__typeof__(T *)`) are in
   typeof_pointer_type_names.c. Operands that are expressions, a
   subscript of an array or a call through a pointer, keep their
   meaning. */
#include <stdio.h>

typedef int T;
typedef struct pair { short a, b; } pair, *pair_ptr;
typedef double matrix[2][3];
typedef int (*unary)(int);
typedef __typeof__(1.0f) real __attribute__((aligned(4)));

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }
static pair make(int a, int b) { return (pair){ (short)a, (short)b }; }

#define ARRAY_OF(type, n) __typeof__(type [n])

int main(void) {
    __typeof__(T (*)(int)) f = twice;
    __typeof__(T (*const)(int)) g = negate;
    __typeof__(pair (*)(int, int)) maker = make;
    __typeof__(T [3]) three = { 1, 2, 3 };
    __typeof__(pair [2]) pairs = { { 1, 2 }, { 3, 4 } };
    __typeof__(pair_ptr [2][2]) grid = { { &pairs[0], &pairs[1] }, { 0, &pairs[0] } };
    __typeof__(T *[2]) pointers = { &three[0], &three[2] };
    __typeof__(T (*)[3]) whole = &three;
    __typeof__(unary [2]) table = { twice, negate };
    __typeof__(matrix [2]) cube = { { { 1.5 } }, { { 0, 0, 0 }, { 0, 0, 2.5 } } };
    __typeof__(real [4]) reals = { 0.25f, 0.5f, 0.75f, 1.0f };
    ARRAY_OF(T, 5) five = { 5, 4, 3, 2, 1 };
    __typeof__(__typeof__(three[0]) [2]) from_typeof = { 7, 8 };
    int values[4] = { 10, 20, 30, 40 };
    __typeof__(values[1]) element = values[1];
    __typeof__((*f)(4)) called = (*f)(4);
    __typeof__(sizeof(T *[3])) size = sizeof(T *[3]);
    printf("%d %d %d %d\n", f(21), g(5), maker(6, 7).b, three[2]);
    printf("%d %d %d %d\n", pairs[1].a, grid[1][1]->b, *pointers[1], (*whole)[1]);
    printf("%d %d %g %g\n", table[0](8), table[1](9), cube[0][0][0], cube[1][1][2]);
    printf("%g %d %d %d %d %zu\n", reals[3], five[0], from_typeof[1], element, called, size);
    printf("%zu %zu %zu %zu %zu %zu\n", sizeof three, sizeof pairs, sizeof grid, sizeof cube, sizeof(__typeof__(T (*)(int))),
           sizeof(ARRAY_OF(pair, 3)));
    printf("%d %d\n", _Generic(f, int (*)(int): 1, default: 0), _Generic(whole, int (*)[3]: 1, default: 0));
    return 0;
}
