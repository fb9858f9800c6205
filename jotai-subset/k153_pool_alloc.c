// inputs: 0 1 2 3  tags: list-walk, struct, early-return, allocator, while-loop, linked-list
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct block {
    int size;                /* payload units */
    int used;
    struct block *next;      /* next block in address order */
};

/* First-fit allocator over a singly linked list of blocks in address order.
   req > 0: allocate req units (split when the remainder is >= 2), returns block index;
   req < 0: free the block with index -req-1 and coalesce with its successor.
   Blocks live in `store`; *nblocks is the number of block records ever used (records
   with size 0 are dead and get recycled).
   Returns the allocated index, 0 for a successful free, -1 on failure. */
int pool_op(struct block *store, int *nblocks, int cap, struct block *head, int req)
{
    if (req > 0) {
        for (struct block *b = head; b; b = b->next) {
            if (b->used || b->size < req) continue;
            if (b->size - req >= 2) {
                int slot = -1;
                for (int s = 0; s < *nblocks; s++) {      /* recycle a dead record */
                    if (store[s].size == 0) { slot = s; break; }
                }
                if (slot < 0) {
                    if (*nblocks == cap) return -1;
                    slot = (*nblocks)++;
                }
                struct block *rest = &store[slot];
                rest->size = b->size - req;
                rest->used = 0;
                rest->next = b->next;
                b->next = rest;
                b->size = req;
            }
            b->used = 1;
            return (int)(b - store);
        }
        return -1;
    }
    int idx = -req - 1;
    if (idx < 0 || idx >= *nblocks || !store[idx].used) return -1;
    struct block *b = &store[idx];
    b->used = 0;
    while (b->next && !b->next->used) {
        b->size += b->next->size;
        b->next->size = 0;            /* record becomes dead */
        b->next = b->next->next;
    }
    return 0;
}

static void dump(const struct block *head)
{
    int free_units = 0, used_units = 0, nb = 0;
    printf("blocks:");
    for (const struct block *b = head; b; b = b->next) {
        if (nb < 12) printf(" %d%c", b->size, b->used ? 'u' : 'f');
        nb++;
        if (b->used) used_units += b->size;
        else free_units += b->size;
    }
    printf(" | n=%d used=%d free=%d\n", nb, used_units, free_units);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct block store[512];
    int nb = 1;
    store[0].size = opt == 3 ? 4000 : 100;
    store[0].used = 0;
    store[0].next = NULL;
    switch (opt) {
    case 0: {
        int r1 = pool_op(store, &nb, 512, &store[0], 101);
        int r2 = pool_op(store, &nb, 512, &store[0], -1);
        int r3 = pool_op(store, &nb, 512, &store[0], -7);
        printf("too big=%d free-unused=%d free-bad=%d\n", r1, r2, r3);
        dump(&store[0]);
        break;
    }
    case 1: {
        int a = pool_op(store, &nb, 512, &store[0], 10);
        int b = pool_op(store, &nb, 512, &store[0], 20);
        int c = pool_op(store, &nb, 512, &store[0], 30);
        printf("a=%d b=%d c=%d\n", a, b, c);
        dump(&store[0]);
        int f1 = pool_op(store, &nb, 512, &store[0], -(b + 1));
        dump(&store[0]);
        int d = pool_op(store, &nb, 512, &store[0], 15);
        printf("free b=%d d=%d\n", f1, d);
        dump(&store[0]);
        int f2 = pool_op(store, &nb, 512, &store[0], -(c + 1));
        printf("free c=%d\n", f2);
        dump(&store[0]);
        break;
    }
    case 2: {
        int got = 0;
        while (pool_op(store, &nb, 512, &store[0], 9) >= 0) got++;
        printf("allocated %d blocks of 9\n", got);
        dump(&store[0]);
        break;
    }
    case 3: {
        int live[256];
        int nlive = 0, fails = 0;
        unsigned seed = 5u;
        for (int step = 0; step < 3000; step++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            if (nlive > 0 && (r % 5 < 2 || nlive == 256)) {
                int k = (int)((r >> 3) % (unsigned)nlive);
                pool_op(store, &nb, 512, &store[0], -(live[k] + 1));
                live[k] = live[--nlive];
            } else {
                int idx = pool_op(store, &nb, 512, &store[0], 1 + (int)((r >> 4) % 60));
                if (idx < 0) fails++;
                else live[nlive++] = idx;
            }
        }
        printf("live=%d fails=%d records=%d\n", nlive, fails, nb);
        dump(&store[0]);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
