/* LRU cache: doubly-linked list + hash index, with hit/miss statistics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct LNode {
    int key;
    long value;
    struct LNode *prev, *next;
    struct LNode *hnext;
} LNode;

typedef struct {
    int cap, size;
    LNode head;          /* sentinel: head.next = most recent */
    LNode *index[31];
    unsigned long hits, misses, evictions;
} LRU;

#define HSLOT(k) ((unsigned)(k) % 31u)

static void list_unlink(LNode *n) { n->prev->next = n->next; n->next->prev = n->prev; }
static void list_push_front(LRU *c, LNode *n) {
    n->next = c->head.next;
    n->prev = &c->head;
    c->head.next->prev = n;
    c->head.next = n;
}

static void lru_init(LRU *c, int cap) {
    memset(c, 0, sizeof *c);
    c->cap = cap;
    c->head.next = c->head.prev = &c->head;
}

static LNode *index_find(LRU *c, int key) {
    for (LNode *n = c->index[HSLOT(key)]; n; n = n->hnext)
        if (n->key == key) return n;
    return NULL;
}

static void index_remove(LRU *c, LNode *t) {
    LNode **pp = &c->index[HSLOT(t->key)];
    while (*pp != t) pp = &(*pp)->hnext;
    *pp = t->hnext;
}

static int lru_get(LRU *c, int key, long *out) {
    LNode *n = index_find(c, key);
    if (!n) { c->misses++; return 0; }
    c->hits++;
    list_unlink(n);
    list_push_front(c, n);
    *out = n->value;
    return 1;
}

static void lru_put(LRU *c, int key, long value) {
    LNode *n = index_find(c, key);
    if (n) {
        n->value = value;
        list_unlink(n);
        list_push_front(c, n);
        return;
    }
    if (c->size == c->cap) {
        LNode *victim = c->head.prev;
        list_unlink(victim);
        index_remove(c, victim);
        free(victim);
        c->size--;
        c->evictions++;
    }
    n = malloc(sizeof *n);
    n->key = key;
    n->value = value;
    n->hnext = c->index[HSLOT(key)];
    c->index[HSLOT(key)] = n;
    list_push_front(c, n);
    c->size++;
}

static void lru_dump(const LRU *c) {
    printf("  [");
    for (const LNode *n = c->head.next; n != &c->head; n = n->next) printf(" %d:%ld", n->key, n->value);
    printf(" ] size=%d\n", c->size);
}

static void lru_free(LRU *c) {
    LNode *n = c->head.next;
    while (n != &c->head) { LNode *nx = n->next; free(n); n = nx; }
}

static long slow_square(int k) { long r = 0; for (int i = 0; i < k; i++) r += k; return r; }

int main(void) {
    LRU c;
    lru_init(&c, 4);
    int ops[][2] = { { 1, 1 }, { 1, 2 }, { 0, 1 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 0, 2 }, { 0, 3 }, { 1, 3 }, { 0, 1 }, { 1, 6 }, { 0, 4 } };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        long v;
        if (ops[i][0]) {
            lru_put(&c, ops[i][1], ops[i][1] * 100L);
            printf("put %d", ops[i][1]);
        } else {
            int ok = lru_get(&c, ops[i][1], &v);
            printf("get %d -> %s", ops[i][1], ok ? "hit" : "miss");
            if (ok) printf(" (%ld)", v);
        }
        putchar('\n');
        lru_dump(&c);
    }
    lru_free(&c);
    /* memoisation workload with zipf-ish access pattern */
    for (int cap = 2; cap <= 32; cap *= 2) {
        lru_init(&c, cap);
        unsigned s = 99;
        long checksum = 0;
        for (int i = 0; i < 3000; i++) {
            s = s * 1103515245u + 12345u;
            unsigned r = (s >> 16) & 1023;
            int key = (int)(r * r / 16384u);   /* skewed towards small keys */
            long v;
            if (!lru_get(&c, key, &v)) { v = slow_square(key); lru_put(&c, key, v); }
            checksum += v % 1000;
        }
        printf("cap=%2d hits=%4lu misses=%4lu evictions=%4lu hit-rate=%.3f checksum=%ld\n", cap, c.hits, c.misses,
               c.evictions, (double)c.hits / (double)(c.hits + c.misses), checksum);
        lru_free(&c);
    }
    return 0;
}
