/* A `for` whose first clause declares pointers to a typedef'd type
 * without initializing them, `for (inst *curr; (curr = take(&l));)` as jq
 * writes it, declares them (lang-c reads `T *p` there as a product). */
#include <stdio.h>

typedef int T;
typedef struct inst inst;
struct inst { int v; inst *next; };

static inst *take(inst **list) {
    inst *first = *list;
    if (first)
        *list = first->next;
    return first;
}

int main(void) {
    inst c = {3, NULL}, b = {2, &c}, a = {1, &b};
    inst *list = &a;
    int sum = 0, kept = 0;
    for (inst* curr; (curr = take(&list));) {
        sum += curr->v;
        kept++;
    }
    T q = 4;
    for (T *p, **pp; kept > 0; kept--) {
        p = &q;
        pp = &p;
        sum += **pp;
    }
    int x = 6;
    for ((void)(x * 2); x < 8; x++)
        sum += x;
    printf("%d %d\n", sum, kept);
    return 0;
}
