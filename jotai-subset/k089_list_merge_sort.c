// inputs: 0 1 2 3  tags: recursion, list-walk, sort, multi-exit, linked-list
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key;
    int id;
    struct item *next;
};

/* Stable merge sort of a singly linked list by key (recursive split). */
struct item *list_sort(struct item *head)
{
    if (head == NULL || head->next == NULL)
        return head;
    /* find middle with slow/fast pointers */
    struct item *slow = head, *fast = head->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct item *second = slow->next;
    slow->next = NULL;
    struct item *a = list_sort(head);
    struct item *b = list_sort(second);
    struct item dummy;
    struct item *tail = &dummy;
    dummy.next = NULL;
    for (;;) {
        if (a == NULL) { tail->next = b; break; }
        if (b == NULL) { tail->next = a; break; }
        if (b->key < a->key) {
            tail->next = b;
            b = b->next;
        } else {
            tail->next = a;
            a = a->next;
        }
        tail = tail->next;
    }
    return dummy.next;
}

static struct item *build(int n, unsigned seed, int modulo)
{
    struct item *head = NULL;
    for (int i = n - 1; i >= 0; i--) {
        struct item *it = malloc(sizeof *it);
        seed = seed * 1103515245u + 12345u;
        it->key = (int)((seed >> 8) % (unsigned)modulo);
        it->id = i;
        it->next = head;
        head = it;
    }
    return head;
}

static void report(struct item *h, int show)
{
    int cnt = 0, sorted = 1, stable = 1;
    unsigned hash = 0;
    struct item *prev = NULL;
    while (h) {
        struct item *nx = h->next;
        if (prev) {
            if (prev->key > h->key) sorted = 0;
            if (prev->key == h->key && prev->id > h->id) stable = 0;
            free(prev);
        }
        if (cnt < show) printf("%d/%d ", h->key, h->id);
        hash = hash * 31u + (unsigned)h->key * 7u + (unsigned)h->id;
        cnt++;
        prev = h;
        h = nx;
    }
    free(prev);
    printf("\ncount=%d sorted=%d stable=%d hash=%08x\n", cnt, sorted, stable, hash);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        report(list_sort(NULL), 10);
        report(list_sort(build(1, 1u, 10)), 10);
        break;
    case 1:
        report(list_sort(build(15, 2u, 5)), 15);
        break;
    case 2: {
        /* already sorted input */
        struct item *head = NULL;
        for (int i = 20; i > 0; i--) {
            struct item *it = malloc(sizeof *it);
            it->key = i;
            it->id = i;
            it->next = head;
            head = it;
        }
        report(list_sort(head), 20);
        break;
    }
    case 3:
        report(list_sort(build(30000, 3u, 100000)), 8);
        break;
    default:
        printf("unknown input\n");
    }
    return 0;
}
