// inputs: 0 1 2 3  tags: linked-list, list-walk, multi-exit, struct, merge
#include <stdio.h>
#include <stdlib.h>

typedef struct lnode {
    int v;
    struct lnode *next;
} lnode;

lnode *merge_sorted(lnode *a, lnode *b)
{
    lnode head;
    lnode *tail = &head;
    head.next = NULL;
    for (;;) {
        if (a == NULL) {
            tail->next = b;
            break;
        }
        if (b == NULL) {
            tail->next = a;
            break;
        }
        if (a->v <= b->v) {
            tail->next = a;
            a = a->next;
        } else {
            tail->next = b;
            b = b->next;
        }
        tail = tail->next;
    }
    return head.next;
}

static lnode *from_array(const int *v, int n)
{
    lnode *h = NULL;
    int i;
    for (i = n - 1; i >= 0; i--) {
        lnode *x = malloc(sizeof *x);
        x->v = v[i];
        x->next = h;
        h = x;
    }
    return h;
}

static void print_free(lnode *h)
{
    int n = 0;
    while (h) {
        lnode *nx = h->next;
        printf("%d ", h->v);
        free(h);
        h = nx;
        n++;
    }
    printf("(n=%d)\n", n);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        print_free(merge_sorted(NULL, NULL));
        break;
    case 1: {
        int a[3] = { 1, 4, 9 };
        print_free(merge_sorted(from_array(a, 3), NULL));
        break;
    }
    case 2: {
        int a[5] = { 1, 3, 5, 7, 9 };
        int b[6] = { 0, 2, 4, 6, 8, 10 };
        print_free(merge_sorted(from_array(a, 5), from_array(b, 6)));
        break;
    }
    case 3: {
        int a[40], b[25];
        int i, x = 0, y = 0;
        unsigned s = 17u;
        for (i = 0; i < 40; i++) {
            s = s * 1103515245u + 12345u;
            x += (int)((s >> 16) % 5u);
            a[i] = x;
        }
        for (i = 0; i < 25; i++) {
            s = s * 1103515245u + 12345u;
            y += (int)((s >> 16) % 9u);
            b[i] = y;
        }
        print_free(merge_sorted(from_array(a, 40), from_array(b, 25)));
        break;
    }
    }
    return 0;
}
