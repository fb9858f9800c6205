/* sizeof of a compound literal written without parentheses around it (C11 §6.5.3: the operand is a unary expression, and a compound literal with its postfix operators is one), as macros that count their arguments write it: lang-c read `sizeof (int[])` as the size of a type name and stopped at the `{`. */
#include <stdio.h>
#define COUNT(...) (sizeof (int[]){__VA_ARGS__} / sizeof(int))
struct pt { int x; double y; };
int main(void) {
    size_t whole = sizeof (int[]){1, 2, 3};
    size_t member = sizeof (struct pt){0}.x + sizeof(struct pt){0, 1.5}.y;
    size_t element = sizeof (char[]){"}{"}[0];
    size_t difference = sizeof (long){0} - 1;
    printf("%zu %zu %zu %zu %zu %zu\n", whole, member, element, difference, COUNT(4, 5, 6, 7), COUNT(1));
    return 0;
}
