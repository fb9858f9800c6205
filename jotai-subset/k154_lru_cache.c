// inputs: 0 1 2 3  tags: nested-loop, multi-exit, down-count, struct, cache
#include <stdio.h>
#include <stdlib.h>

struct lru {
    int keys[64];
    int vals[64];
    int size;
    int cap;
    long hits;
    long misses;
};

/* Access `key` in an array-based LRU cache (index 0 = most recent).  On a hit the entry
   is moved to the front; on a miss value = compute(key) is inserted at the front and the
   least recently used entry is evicted if full.  Returns the value. */
int lru_get(struct lru *c, int key)
{
    int i;
    for (i = 0; i < c->size; i++) {
        if (c->keys[i] == key)
            break;
    }
    int val;
    if (i < c->size) {
        c->hits++;
        val = c->vals[i];
    } else {
        c->misses++;
        val = key * 7 + 3;
        if (c->size < c->cap) c->size++;
        i = c->size - 1;      /* overwrite the last (LRU) slot */
    }
    for (int j = i; j > 0; j--) {
        c->keys[j] = c->keys[j - 1];
        c->vals[j] = c->vals[j - 1];
    }
    c->keys[0] = key;
    c->vals[0] = val;
    return val;
}

static void show(const struct lru *c)
{
    printf("size=%d hits=%ld misses=%ld keys:", c->size, c->hits, c->misses);
    for (int i = 0; i < c->size && i < 16; i++) printf(" %d", c->keys[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct lru c;
    c.size = 0; c.hits = 0; c.misses = 0;
    c.cap = opt == 3 ? 64 : 4;
    switch (opt) {
    case 0:
        show(&c);
        break;
    case 1: {
        int seq[12] = {1, 2, 3, 1, 4, 5, 2, 1, 1, 3, 4, 5};
        long s = 0;
        for (int i = 0; i < 12; i++) s += lru_get(&c, seq[i]);
        printf("sum=%ld\n", s);
        show(&c);
        break;
    }
    case 2: {
        long s = 0;
        for (int i = 0; i < 20; i++) s += lru_get(&c, i % 5);   /* cyclic > capacity: all misses */
        printf("sum=%ld\n", s);
        show(&c);
        break;
    }
    case 3: {
        unsigned seed = 9u;
        long s = 0;
        for (int i = 0; i < 20000; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            int key = (r % 4 == 0) ? (int)(r % 500) : (int)((r >> 3) % 48);
            s += lru_get(&c, key);
        }
        printf("sum=%ld\n", s);
        show(&c);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
