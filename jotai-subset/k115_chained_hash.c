// inputs: 0 1 2 3  tags: list-walk, hash, switch, multi-exit, struct, linked-list
#include <stdio.h>
#include <stdlib.h>

struct hnode {
    unsigned key;
    int value;
    struct hnode *next;
};

struct htable {
    struct hnode **buckets;
    unsigned nbuckets;
    int size;
};

/* One hash-table operation: op 0 = put (insert or update), 1 = get, 2 = delete.
   Returns the value found/removed (or -1), for put returns 1 if inserted, 0 if updated. */
int ht_op(struct htable *t, int op, unsigned key, int value)
{
    unsigned h = key * 2654435761u;
    h ^= h >> 15;
    struct hnode **pp = &t->buckets[h % t->nbuckets];
    struct hnode *n = *pp;
    while (n) {
        if (n->key == key)
            break;
        pp = &n->next;
        n = n->next;
    }
    switch (op) {
    case 0:
        if (n) {
            n->value = value;
            return 0;
        }
        n = malloc(sizeof *n);
        n->key = key;
        n->value = value;
        n->next = t->buckets[h % t->nbuckets];
        t->buckets[h % t->nbuckets] = n;
        t->size++;
        return 1;
    case 1:
        return n ? n->value : -1;
    case 2:
        if (!n) return -1;
        *pp = n->next;
        {
            int v = n->value;
            free(n);
            t->size--;
            return v;
        }
    default:
        return -1;
    }
}

static void destroy(struct htable *t)
{
    unsigned longest = 0;
    long vsum = 0;
    for (unsigned b = 0; b < t->nbuckets; b++) {
        unsigned len = 0;
        struct hnode *n = t->buckets[b];
        while (n) {
            struct hnode *nx = n->next;
            vsum += n->value;
            len++;
            free(n);
            n = nx;
        }
        if (len > longest) longest = len;
    }
    printf("size=%d longest_chain=%u value_sum=%ld\n", t->size, longest, vsum);
    free(t->buckets);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct htable t;
    t.nbuckets = opt == 3 ? 1024u : 7u;
    t.buckets = calloc(t.nbuckets, sizeof *t.buckets);
    t.size = 0;
    switch (opt) {
    case 0:
        {
            int g = ht_op(&t, 1, 5, 0);
            int d = ht_op(&t, 2, 5, 0);
            printf("get=%d del=%d\n", g, d);
        }
        break;
    case 1: {
        int r1 = ht_op(&t, 0, 10, 100);
        int r2 = ht_op(&t, 0, 17, 170);
        int r3 = ht_op(&t, 0, 10, 111);
        int g1 = ht_op(&t, 1, 10, 0);
        int g2 = ht_op(&t, 1, 17, 0);
        int g3 = ht_op(&t, 1, 3, 0);
        int d1 = ht_op(&t, 2, 17, 0);
        int g4 = ht_op(&t, 1, 17, 0);
        printf("puts %d %d %d gets %d %d %d del %d get %d\n", r1, r2, r3, g1, g2, g3, d1, g4);
        break;
    }
    case 2: {
        for (unsigned k = 0; k < 50; k++) ht_op(&t, 0, k * 7u, (int)k);
        long s = 0;
        for (unsigned k = 0; k < 60; k++) s += ht_op(&t, 1, k * 7u, 0);
        for (unsigned k = 0; k < 50; k += 2) ht_op(&t, 2, k * 7u, 0);
        printf("sum=%ld\n", s);
        break;
    }
    case 3: {
        unsigned seed = 99u;
        long acc = 0;
        int inserted = 0, hits = 0, dels = 0;
        for (int i = 0; i < 150000; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            unsigned key = ((seed >> 3) * 31u) % 12000u;
            unsigned sel = (r >> 8) % 10u;
            int op = sel < 5 ? 0 : sel < 8 ? 1 : 2;
            int v = ht_op(&t, op, key, i % 1000);
            if (op == 0) inserted += v;
            else if (op == 1 && v >= 0) { hits++; acc += v; }
            else if (op == 2 && v >= 0) dels++;
        }
        printf("inserted=%d hits=%d dels=%d acc=%ld\n", inserted, hits, dels, acc);
        break;
    }
    default:
        printf("unknown input\n");
    }
    destroy(&t);
    return 0;
}
