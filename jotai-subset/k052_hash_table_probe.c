// inputs: 0 1 2 3  tags: hash, open-addressing, struct, while-loop, multi-exit, unsigned
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY 0u

struct htab {
    unsigned *keys;
    int *vals;
    unsigned cap; /* power of two */
    unsigned used;
    unsigned long probes;
};

/* Inserts or updates key (nonzero) with linear probing. Returns 1 if a new
 * key was inserted, 0 if updated, -1 if the table is full. */
int ht_put(struct htab *t, unsigned key, int val)
{
    unsigned h = key * 2654435761u;
    h ^= h >> 15;
    unsigned i = h & (t->cap - 1), start = i;
    while (1) {
        t->probes++;
        if (t->keys[i] == EMPTY) {
            if (t->used + 1 > t->cap - t->cap / 8)
                return -1;
            t->keys[i] = key;
            t->vals[i] = val;
            t->used++;
            return 1;
        }
        if (t->keys[i] == key) {
            t->vals[i] += val;
            return 0;
        }
        i = (i + 1) & (t->cap - 1);
        if (i == start)
            return -1;
    }
}

static void ht_init(struct htab *t, unsigned cap)
{
    t->cap = cap;
    t->used = 0;
    t->probes = 0;
    t->keys = calloc(cap, sizeof *t->keys);
    t->vals = calloc(cap, sizeof *t->vals);
}

static void ht_report(struct htab *t)
{
    unsigned i;
    long vs = 0;
    unsigned ks = 0;
    for (i = 0; i < t->cap; i++)
        if (t->keys[i] != EMPTY) {
            vs += t->vals[i];
            ks ^= t->keys[i] * (i + 1u);
        }
    printf("used=%u probes=%lu valsum=%ld keymix=%u\n", t->used, t->probes, vs, ks);
    free(t->keys);
    free(t->vals);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct htab t;
    int i, r;
    switch (opt) {
    case 0:
        ht_init(&t, 8);
        ht_report(&t);
        break;
    case 1:
        ht_init(&t, 16);
        for (i = 1; i <= 5; i++) {
            r = ht_put(&t, (unsigned)i * 16u, i);
            printf("put %d -> %d\n", i * 16, r);
        }
        r = ht_put(&t, 32u, 100);
        printf("update -> %d\n", r);
        ht_report(&t);
        break;
    case 2:
        ht_init(&t, 8);
        for (i = 1; i <= 10; i++) {
            r = ht_put(&t, (unsigned)i, 1);
            printf("put %d -> %d\n", i, r);
        }
        ht_report(&t);
        break;
    case 3: {
        unsigned s = 77u;
        int ins = 0, upd = 0, full = 0;
        ht_init(&t, 1u << 16);
        for (i = 0; i < 200000; i++) {
            s = s * 1103515245u + 12345u;
            r = ht_put(&t, 1u + (s >> 8) % 60000u, 1);
            if (r == 1)
                ins++;
            else if (r == 0)
                upd++;
            else
                full++;
        }
        printf("ins=%d upd=%d full=%d\n", ins, upd, full);
        ht_report(&t);
        break;
    }
    }
    return 0;
}
