// inputs: 0 1 2 3  tags: linked-list, list-walk, struct, pointer-to-pointer, conditionals
#include <stdio.h>
#include <stdlib.h>

struct entry {
    int prio;
    int id;
    struct entry *next;
};

/* Inserts e keeping the list sorted by ascending prio (stable for equal
 * prios). Returns the position at which it was inserted. */
int insert_sorted(struct entry **head, struct entry *e)
{
    struct entry **pp = head;
    int pos = 0;
    while (*pp != NULL && (*pp)->prio <= e->prio) {
        pp = &(*pp)->next;
        pos++;
    }
    e->next = *pp;
    *pp = e;
    return pos;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct entry *head = NULL;
    int prios[12], n = 0, i;
    switch (opt) {
    case 0:
        n = 0;
        break;
    case 1:
        n = 1;
        prios[0] = 5;
        break;
    case 2:
        n = 6;
        for (i = 0; i < n; i++)
            prios[i] = 10 - i;
        break;
    case 3: {
        unsigned s = 23u;
        n = 12;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            prios[i] = (int)((s >> 16) % 5u);
        }
        break;
    }
    default:
        return 0;
    }
    for (i = 0; i < n; i++) {
        struct entry *e = malloc(sizeof *e);
        e->prio = prios[i];
        e->id = i;
        printf("insert id=%d prio=%d at %d\n", i, prios[i], insert_sorted(&head, e));
    }
    printf("list:");
    while (head) {
        struct entry *nx = head->next;
        printf(" (%d,%d)", head->prio, head->id);
        free(head);
        head = nx;
    }
    printf("\n");
    return 0;
}
