// inputs: 0 1 2  tags: linked-list, list-walk, struct
#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

struct node *list_reverse(struct node *head, int *count)
{
    struct node *prev = NULL;
    int n = 0;
    while (head) {
        struct node *nx = head->next;
        head->next = prev;
        prev = head;
        head = nx;
        n++;
    }
    *count = n;
    return prev;
}

static struct node *build(int n, unsigned seed)
{
    struct node *head = NULL;
    int i;
    for (i = 0; i < n; i++) {
        struct node *nd = malloc(sizeof *nd);
        seed = seed * 1103515245u + 12345u;
        nd->val = (int)((seed >> 16) % 100u);
        nd->next = head;
        head = nd;
    }
    return head;
}

static void print_and_free(struct node *h)
{
    while (h) {
        struct node *nx = h->next;
        printf("%d ", h->val);
        free(h);
        h = nx;
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int cnt = 0;
    struct node *h;
    switch (opt) {
    case 0:
        h = list_reverse(NULL, &cnt);
        printf("count=%d empty=%d\n", cnt, h == NULL);
        break;
    case 1:
        h = build(1, 5u);
        h = list_reverse(h, &cnt);
        printf("count=%d\n", cnt);
        print_and_free(h);
        break;
    case 2:
        h = build(25, 9u);
        h = list_reverse(h, &cnt);
        printf("count=%d\n", cnt);
        h = list_reverse(h, &cnt);
        h = list_reverse(h, &cnt);
        print_and_free(h);
        break;
    }
    return 0;
}
