/* Open-addressing hash map with linear probing, tombstones and resizing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define EMPTY 0
#define USED 1
#define TOMB 2

typedef struct {
    char *key;
    int value;
    unsigned char state;
} Slot;

typedef struct {
    Slot *slots;
    size_t cap, used, tombs;
    unsigned long probes;
} Map;

static uint64_t fnv1a(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    unsigned char c;
    while ((c = (unsigned char)*s++) != 0) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

static char *xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    memcpy(p, s, n);
    return p;
}

static void map_init(Map *m, size_t cap) {
    m->slots = calloc(cap, sizeof(Slot));
    m->cap = cap;
    m->used = m->tombs = 0;
    m->probes = 0;
}

static void map_insert_raw(Map *m, char *key, int value);

static void map_grow(Map *m) {
    Slot *old = m->slots;
    size_t oldcap = m->cap;
    size_t newcap = m->used * 4 > oldcap ? oldcap * 2 : oldcap;
    map_init(m, newcap);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].state == USED) map_insert_raw(m, old[i].key, old[i].value);
    free(old);
}

static Slot *map_find_slot(Map *m, const char *key, int for_insert) {
    size_t mask = m->cap - 1;
    size_t i = (size_t)(fnv1a(key) & mask);
    Slot *tomb = NULL;
    for (;;) {
        m->probes++;
        Slot *s = &m->slots[i];
        if (s->state == EMPTY) return for_insert ? (tomb ? tomb : s) : NULL;
        if (s->state == TOMB) { if (!tomb) tomb = s; }
        else if (strcmp(s->key, key) == 0) return s;
        i = (i + 1) & mask;
    }
}

static void map_insert_raw(Map *m, char *key, int value) {
    Slot *s = map_find_slot(m, key, 1);
    if (s->state == TOMB) m->tombs--;
    s->key = key; s->value = value; s->state = USED;
    m->used++;
}

static void map_put(Map *m, const char *key, int value) {
    if ((m->used + m->tombs + 1) * 4 > m->cap * 3) map_grow(m);
    Slot *s = map_find_slot(m, key, 1);
    if (s->state == USED) { s->value = value; return; }
    if (s->state == TOMB) m->tombs--;
    s->key = xstrdup(key);
    s->value = value;
    s->state = USED;
    m->used++;
}

static int map_get(Map *m, const char *key, int *out) {
    Slot *s = map_find_slot(m, key, 0);
    if (!s) return 0;
    *out = s->value;
    return 1;
}

static int map_del(Map *m, const char *key) {
    Slot *s = map_find_slot(m, key, 0);
    if (!s) return 0;
    free(s->key);
    s->key = NULL;
    s->state = TOMB;
    m->used--; m->tombs++;
    return 1;
}

static void map_free(Map *m) {
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].state == USED) free(m->slots[i].key);
    free(m->slots);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
    Map m;
    map_init(&m, 8);
    static const char *words[] = {
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
        "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi",
        "chi", "psi", "omega",
    };
    const size_t nw = sizeof words / sizeof words[0];
    for (size_t i = 0; i < nw; i++) map_put(&m, words[i], (int)(i * i));
    printf("after insert: used=%zu tombs=%zu cap=%zu\n", m.used, m.tombs, m.cap);
    for (size_t i = 0; i < nw; i += 2) {
        int ok = map_del(&m, words[i]);
        printf("del %-8s -> %d\n", words[i], ok);
    }
    printf("del missing -> %d\n", map_del(&m, "nope"));
    printf("after delete: used=%zu tombs=%zu cap=%zu\n", m.used, m.tombs, m.cap);
    for (size_t i = 0; i < nw; i++) {
        int v = -1;
        int found = map_get(&m, words[i], &v);
        printf("get %-8s found=%d v=%d\n", words[i], found, v);
    }
    /* reinsert with new values, and many generated keys to force growth */
    for (size_t i = 0; i < nw; i += 4) map_put(&m, words[i], -(int)i);
    char key[32];
    for (int i = 0; i < 300; i++) {
        snprintf(key, sizeof key, "k%03d_%x", i, (unsigned)(i * 2654435761u) >> 20);
        map_put(&m, key, i);
    }
    for (int i = 0; i < 300; i += 3) {
        snprintf(key, sizeof key, "k%03d_%x", i, (unsigned)(i * 2654435761u) >> 20);
        map_del(&m, key);
    }
    long sum = 0;
    int cnt = 0;
    for (int i = 0; i < 300; i++) {
        int v;
        snprintf(key, sizeof key, "k%03d_%x", i, (unsigned)(i * 2654435761u) >> 20);
        if (map_get(&m, key, &v)) { sum += v; cnt++; }
    }
    printf("generated: cnt=%d sum=%ld used=%zu tombs=%zu cap=%zu\n", cnt, sum, m.used, m.tombs, m.cap);

    /* dump sorted keys of the Greek letters still present */
    char *keys[64];
    size_t nk = 0;
    for (size_t i = 0; i < m.cap; i++)
        if (m.slots[i].state == USED && m.slots[i].key[0] != 'k') keys[nk++] = m.slots[i].key;
    qsort(keys, nk, sizeof keys[0], cmp_str);
    for (size_t i = 0; i < nk; i++) {
        int v = 0;
        map_get(&m, keys[i], &v);
        printf("%s=%d%s", keys[i], v, i + 1 < nk ? ", " : "\n");
    }
    printf("total probes %lu\n", m.probes);
    map_free(&m);
    return 0;
}
