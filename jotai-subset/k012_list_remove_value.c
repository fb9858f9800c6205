// inputs: 0 1 2 3  tags: linked-list, list-walk, struct, pointer-to-pointer
#include <stdio.h>
#include <stdlib.h>

struct item {
    long key;
    struct item *next;
};

/* Removes every node whose key equals k; returns the number removed. */
int list_remove_value(struct item **head, long k)
{
    struct item **pp = head;
    int removed = 0;
    while (*pp) {
        struct item *cur = *pp;
        if (cur->key == k) {
            *pp = cur->next;
            free(cur);
            removed++;
        } else {
            pp = &cur->next;
        }
    }
    return removed;
}

static struct item *push(struct item *h, long k)
{
    struct item *n = malloc(sizeof *n);
    n->key = k;
    n->next = h;
    return n;
}

static void show_free(struct item *h, int verbose)
{
    long sum = 0;
    int n = 0;
    while (h) {
        struct item *nx = h->next;
        if (verbose)
            printf("%ld ", h->key);
        sum += h->key;
        n++;
        free(h);
        h = nx;
    }
    printf("\nremaining=%d sum=%ld\n", n, sum);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct item *h = NULL;
    int r, i;
    switch (opt) {
    case 0:
        r = list_remove_value(&h, 3);
        printf("removed=%d\n", r);
        show_free(h, 1);
        break;
    case 1:
        for (i = 0; i < 6; i++)
            h = push(h, 7);
        r = list_remove_value(&h, 7);
        printf("removed=%d\n", r);
        show_free(h, 1);
        break;
    case 2:
        for (i = 0; i < 12; i++)
            h = push(h, (long)(i % 4));
        r = list_remove_value(&h, 2);
        printf("removed=%d\n", r);
        r = list_remove_value(&h, 9);
        printf("removed=%d\n", r);
        show_free(h, 1);
        break;
    case 3: {
        unsigned s = 4u;
        for (i = 0; i < 20000; i++) {
            s = s * 1103515245u + 12345u;
            h = push(h, (long)((s >> 16) % 200u));
        }
        long k;
        int tot = 0;
        for (k = 0; k < 60; k++)
            tot += list_remove_value(&h, k * 3);
        printf("removed=%d\n", tot);
        show_free(h, 0);
        break;
    }
    }
    return 0;
}
