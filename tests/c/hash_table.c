#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Entry { char *key; int value; struct Entry *next; };
struct Table { struct Entry **buckets; int nbuckets; int size; };

static unsigned hash(const char *s) {
    unsigned h = 5381;
    while (*s) h = h * 33 + (unsigned char)*s++;
    return h;
}

static struct Entry *lookup(struct Table *t, const char *key) {
    for (struct Entry *e = t->buckets[hash(key) % t->nbuckets]; e; e = e->next)
        if (strcmp(e->key, key) == 0) return e;
    return NULL;
}

static void put(struct Table *t, const char *key, int value) {
    struct Entry *e = lookup(t, key);
    if (e) { e->value = value; return; }
    e = malloc(sizeof *e);
    e->key = malloc(strlen(key) + 1);
    strcpy(e->key, key);
    e->value = value;
    unsigned b = hash(key) % t->nbuckets;
    e->next = t->buckets[b];
    t->buckets[b] = e;
    t->size++;
}

static int del(struct Table *t, const char *key) {
    struct Entry **pp = &t->buckets[hash(key) % t->nbuckets];
    for (; *pp; pp = &(*pp)->next)
        if (strcmp((*pp)->key, key) == 0) {
            struct Entry *d = *pp;
            *pp = d->next;
            free(d->key);
            free(d);
            t->size--;
            return 1;
        }
    return 0;
}

int main(void) {
    struct Table t = {calloc(13, sizeof(struct Entry *)), 13, 0};
    const char *text = "the cat and the dog and the bird saw a cat and a dog";
    char word[32];
    const char *p = text;
    while (*p) {
        int n = 0;
        while (*p && *p != ' ') word[n++] = *p++;
        word[n] = 0;
        if (*p) p++;
        struct Entry *e = lookup(&t, word);
        put(&t, word, e ? e->value + 1 : 1);
    }
    printf("size=%d\n", t.size);
    const char *q[] = {"the", "and", "cat", "dog", "bird", "a", "fish"};
    for (int i = 0; i < 7; i++) {
        struct Entry *e = lookup(&t, q[i]);
        printf("%s=%d ", q[i], e ? e->value : 0);
    }
    printf("\n");
    printf("%d %d\n", del(&t, "the"), del(&t, "the"));
    printf("size=%d the-null=%d\n", t.size, lookup(&t, "the") == NULL);
    for (int i = 0; i < 200; i++) {
        char k[16];
        sprintf(k, "key%d", i);
        put(&t, k, i * i);
    }
    long total = 0;
    for (int i = 0; i < 200; i += 7) {
        char k[16];
        sprintf(k, "key%d", i);
        total += lookup(&t, k)->value;
    }
    printf("size=%d total=%ld\n", t.size, total);
    int longest = 0;
    for (int b = 0; b < t.nbuckets; b++) {
        int len = 0;
        for (struct Entry *e = t.buckets[b]; e; e = e->next) len++;
        if (len > longest) longest = len;
    }
    printf("longest=%d\n", longest);
    for (int b = 0; b < t.nbuckets; b++)
        while (t.buckets[b]) del(&t, t.buckets[b]->key);
    printf("size=%d\n", t.size);
    free(t.buckets);
    return 0;
}
