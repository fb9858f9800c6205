/* A for loop's first clause declaring pointers to a typedef'd type where a
   later declarator has an initializer: `for (ao_t *next, *a = h->afirst;
   a < h->abound; a = next)` in gawk 5.2.1's support/pma.c. lang-c reads
   `T *p, *q = h` as the expression `T * p, *q = h`, and nissecc, which
   rebuilt the declaration from such expressions only when no declarator
   had an initializer, rejected it ("unexpected type name"). */
#include <stdio.h>

typedef struct node { struct node *next; int value; } node_t;
typedef int count_t;

static int sum_list(node_t *head) {
    int sum = 0;
    for (node_t *next, *n = head; n; n = next) {
        next = n->next;
        sum += n->value;
    }
    return sum;
}

int main(void) {
    node_t c = { 0, 30 }, b = { &c, 20 }, a = { &b, 10 };
    printf("%d\n", sum_list(&a));
    int values[] = { 4, 5, 6 };
    /* Several initialized declarators, a pointer to a pointer among them. */
    for (count_t *p, *q = values, k = 2, **pp = &q; k >= 0; k--) {
        p = q + k;
        printf("%d %d %d\n", k, *p, **pp);
    }
    /* An initializer that is a conditional expression. */
    int total = 0;
    for (count_t *end, *start = values, n = sizeof values / sizeof values[0] > 2 ? 3 : 1; n > 0; n--) {
        end = start + n - 1;
        total += *end;
    }
    printf("%d\n", total);
    return 0;
}
