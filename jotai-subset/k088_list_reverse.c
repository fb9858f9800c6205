// inputs: 0 1 2 3  tags: list-walk, while-loop, early-return, linked-list
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

/* Reverse the first k nodes of each group of k (k-group reversal); k<=1 leaves list unchanged.
   Returns the new head. */
struct node *reverse_groups(struct node *head, int k)
{
    if (k <= 1 || head == NULL)
        return head;
    struct node *new_head = NULL;
    struct node *prev_tail = NULL;
    struct node *cur = head;
    while (cur) {
        /* check that k nodes remain */
        struct node *probe = cur;
        int cnt = 0;
        while (probe && cnt < k) {
            probe = probe->next;
            cnt++;
        }
        if (cnt < k) {
            if (prev_tail) prev_tail->next = cur;
            else new_head = cur;
            break;
        }
        struct node *group_head = cur;
        struct node *prev = probe;
        for (int i = 0; i < k; i++) {
            struct node *nx = cur->next;
            cur->next = prev;
            prev = cur;
            cur = nx;
        }
        if (prev_tail) prev_tail->next = prev;
        else new_head = prev;
        prev_tail = group_head;
    }
    return new_head;
}

static struct node *build(int n, unsigned seed)
{
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *nd = malloc(sizeof *nd);
        seed = seed * 1103515245u + 12345u;
        nd->value = (int)((seed >> 16) % 1000);
        nd->next = head;
        head = nd;
    }
    return head;
}

static void print_free(struct node *h)
{
    int cnt = 0;
    while (h) {
        struct node *nx = h->next;
        if (cnt < 40) printf("%d ", h->value);
        cnt++;
        free(h);
        h = nx;
    }
    printf("(count=%d)\n", cnt);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        struct node *h = reverse_groups(NULL, 3);
        print_free(h);
        h = build(5, 1u);
        h = reverse_groups(h, 1);
        print_free(h);
        break;
    }
    case 1: {
        struct node *h = build(10, 2u);
        h = reverse_groups(h, 3);
        print_free(h);
        break;
    }
    case 2: {
        struct node *h = build(12, 3u);
        h = reverse_groups(h, 12);
        print_free(h);
        break;
    }
    case 3: {
        struct node *h = build(5000, 4u);
        h = reverse_groups(h, 7);
        h = reverse_groups(h, 2);
        long s = 0;
        int i = 0;
        for (struct node *p = h; p; p = p->next) s += (long)p->value * (i++ % 13);
        printf("weighted=%ld\n", s);
        print_free(h);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
