// inputs: 0 1 2 3  tags: linked-list, list-walk, multi-exit, floyd, struct
#include <stdio.h>
#include <stdlib.h>

struct cnode {
    int v;
    struct cnode *next;
};

/* Floyd's cycle detection. Returns 0 if acyclic (writes length), otherwise 1
 * and writes the cycle start index (mu) and cycle length (lambda). */
int find_cycle(struct cnode *head, int *mu, int *lambda)
{
    struct cnode *slow = head, *fast = head;
    *mu = *lambda = 0;
    for (;;) {
        if (fast == NULL || fast->next == NULL) {
            int n = 0;
            struct cnode *p = head;
            while (p) {
                n++;
                p = p->next;
            }
            *lambda = n;
            return 0;
        }
        slow = slow->next;
        fast = fast->next->next;
        if (slow == fast)
            break;
    }
    slow = head;
    while (slow != fast) {
        slow = slow->next;
        fast = fast->next;
        (*mu)++;
    }
    fast = slow->next;
    *lambda = 1;
    while (fast != slow) {
        fast = fast->next;
        (*lambda)++;
    }
    return 1;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct cnode nodes[40];
    int n = 0, loop_to = -1, i, mu, lam;
    switch (opt) {
    case 0: n = 0; break;
    case 1: n = 7; break;
    case 2: n = 10; loop_to = 0; break;
    case 3: n = 40; loop_to = 13; break;
    default: return 0;
    }
    for (i = 0; i < n; i++) {
        nodes[i].v = i;
        nodes[i].next = i + 1 < n ? &nodes[i + 1] : NULL;
    }
    if (loop_to >= 0)
        nodes[n - 1].next = &nodes[loop_to];
    int r = find_cycle(n ? &nodes[0] : NULL, &mu, &lam);
    printf("cyclic=%d mu=%d lambda=%d\n", r, mu, lam);
    return 0;
}
