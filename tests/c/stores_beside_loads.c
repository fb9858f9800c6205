/* Loads that a loop's stores leave alone may be hoisted or reused, and
 * loads they may overwrite may not: stores to another field through the
 * same pointer, to the same bytes through a union member or another
 * pointer, to a different array, and a switch whose default is
 * unreachable (a dense jump table with no range check). */
#include <stdio.h>

struct state { long window; int match; int limit; char bytes[8]; };
union word { long whole; int halves[2]; char bytes[8]; };

static int scan(struct state *s, int n) {
    int found = 0, i;
    for (i = 0; i < n; i++) {
        if (s->window + i > s->limit) found++;  /* window, limit: not stored */
        s->match = i;                           /* another field */
    }
    return found + s->match;
}

static long overlap(union word *w, int n) {
    long sum = 0;
    int i;
    for (i = 0; i < n; i++) {
        sum += w->whole;      /* the stores below change both halves */
        w->halves[0] = i;
        w->halves[1] = i + 1;
    }
    return sum;
}

static int through_alias(struct state *s, int *limit, int n) {
    int total = 0, i;
    for (i = 0; i < n; i++) {
        total += s->limit;    /* `limit` may point at s->limit */
        *limit = i;
    }
    return total;
}

static int bytes_and_word(struct state *s) {
    int before = s->bytes[3];
    s->bytes[2] = 9;          /* a neighbouring byte */
    int same = s->bytes[3];
    s->bytes[3] = 7;          /* the byte itself */
    return before * 100 + same * 10 + s->bytes[3];
}

static const char *name(unsigned k) {
    switch (k) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 5: return "five";
    default: __builtin_unreachable();
    }
}

int main() {
    struct state s = { 3, 0, 5, { 1, 2, 3, 4, 5, 6, 7, 8 } };
    union word w;
    unsigned k;
    w.whole = 0x100000000L;
    printf("scan %d\n", scan(&s, 10));
    printf("overlap %ld\n", overlap(&w, 4));
    printf("alias %d %d\n", through_alias(&s, &s.limit, 5), through_alias(&s, &s.match, 5));
    printf("bytes %d\n", bytes_and_word(&s));
    for (k = 0; k < 6; k++)
        if (k != 4) printf("%u %s\n", k, name(k));
    return 0;
}
