/* Word frequency counter with a chained hash table, stop words, and sorted report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define NBUCKETS 64

struct Entry {
    char *word;
    int count;
    int first_pos;
    struct Entry *next;
};

static struct Entry *buckets[NBUCKETS];
static int distinct, total;

static unsigned hash(const char *s) {
    unsigned h = 5381;
    int c;
    while ((c = *s++)) h = ((h << 5) + h) ^ (unsigned)c;
    return h;
}

static const char *const stop[] = { "the", "a", "an", "of", "and", "to", "in", "is", "it", "that", NULL };

static int is_stop(const char *w) {
    for (const char *const *p = stop; *p; p++)
        if (strcmp(*p, w) == 0) return 1;
    return 0;
}

static void add_word(const char *w, int pos) {
    unsigned b = hash(w) % NBUCKETS;
    struct Entry **pp = &buckets[b];
    for (; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->word, w) == 0) { (*pp)->count++; return; }
    }
    struct Entry *e = malloc(sizeof *e);
    e->word = malloc(strlen(w) + 1);
    strcpy(e->word, w);
    e->count = 1;
    e->first_pos = pos;
    e->next = NULL;
    *pp = e;
    distinct++;
}

static int cmp_entries(const void *a, const void *b) {
    const struct Entry *x = *(const struct Entry *const *)a;
    const struct Entry *y = *(const struct Entry *const *)b;
    if (x->count != y->count) return y->count - x->count;
    return strcmp(x->word, y->word);
}

static const char text[] =
    "It was the best of times, it was the worst of times, it was the age of wisdom, "
    "it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, "
    "it was the season of Light, it was the season of Darkness, it was the spring of hope, "
    "it was the winter of despair, we had everything before us, we had nothing before us, "
    "we were all going direct to Heaven, we were all going direct the other way -- in short, "
    "the period was so far like the present period, that some of its noisiest authorities "
    "insisted on its being received, for good or for evil, in the superlative degree of comparison only. "
    "Don't stop-words count? O'Brien's co-op re-entry: 42 times 7!";

int main(void) {
    char word[32];
    int len = 0, pos = 0, stopped = 0;
    for (const char *p = text;; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalpha(c) || (c == '\'' && len > 0) || (c == '-' && len > 0 && isalpha((unsigned char)p[1]))) {
            if (len < (int)sizeof word - 1) word[len++] = (char)tolower(c);
        } else {
            if (len > 0) {
                while (len > 0 && word[len - 1] == '\'') len--;
                word[len] = '\0';
                total++;
                if (is_stop(word)) stopped++;
                else add_word(word, pos);
                pos++;
                len = 0;
            }
            if (c == '\0') break;
        }
    }
    printf("total=%d distinct=%d stopped=%d\n", total, distinct, stopped);
    struct Entry **all = malloc(sizeof *all * (size_t)distinct);
    int n = 0, longest = 0, chain_max = 0, used = 0;
    for (int b = 0; b < NBUCKETS; b++) {
        int chain = 0;
        for (struct Entry *e = buckets[b]; e; e = e->next) {
            all[n++] = e;
            chain++;
            if ((int)strlen(e->word) > longest) longest = (int)strlen(e->word);
        }
        if (chain) used++;
        if (chain > chain_max) chain_max = chain;
    }
    printf("buckets used=%d max chain=%d longest word=%d\n", used, chain_max, longest);
    qsort(all, (size_t)n, sizeof *all, cmp_entries);
    for (int i = 0; i < n && i < 25; i++) {
        printf("%3d. %-*s %3d  first@%-3d ", i + 1, longest, all[i]->word, all[i]->count, all[i]->first_pos);
        for (int k = 0; k < all[i]->count; k++) putchar('*');
        putchar('\n');
    }
    int hapax = 0;
    for (int i = 0; i < n; i++) hapax += all[i]->count == 1;
    printf("hapax legomena: %d\n", hapax);
    for (int i = 0; i < n; i++) {
        free(all[i]->word);
        free(all[i]);
    }
    free(all);
    return 0;
}
