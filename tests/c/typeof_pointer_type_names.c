/* __typeof__ of a type name that starts with a typedef name or with
   __typeof__ and ends with a pointer declarator, as macros write it
   (`__typeof__(T *)`, `__typeof__(__typeof__(x) *const)`): lang-c tried
   the operand as an expression first and the declaration was a syntax
   error. Operands that are expressions keep their meaning. */
#include <stdio.h>

typedef char *string;
typedef struct node { int value; struct node *next; } node;

#define POINTER_TO(x) __typeof__(__typeof__(x) *)

int main(void) {
    string s = "text";
    __typeof__(string *) ps = &s;
    POINTER_TO(s) pps = &s;
    __typeof__(__typeof__(s) *const) fixed = &s;
    typeof(node *) head = &(node){ 7, 0 };
    __typeof(node **) link = &head;
    __typeof__(node *) list[2] = { head, 0 };
    int a = 6, b = 7;
    __typeof__(a * b) product = a * b;
    __typeof__(*s) first = *s;
    printf("%s %s %s %d %d %d\n", *ps, *pps, *fixed, head->value, (*link)->value, list[0]->value);
    printf("%d %c %zu %zu\n", product, first, sizeof(__typeof__(node *)), sizeof(POINTER_TO(product)));
    printf("%d %d\n", _Generic(ps, char **: 1, default: 0), _Generic(link, node **: 1, default: 0));
    return 0;
}
