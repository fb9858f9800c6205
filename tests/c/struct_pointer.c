#include <stdio.h>
#include <stdlib.h>

struct Counter { int count; int step; const char *label; };

static void init(struct Counter *c, int step, const char *label) {
    c->count = 0;
    c->step = step;
    c->label = label;
}
static void tick(struct Counter *c) { c->count += c->step; }
static int get(const struct Counter *c) { return c->count; }
static struct Counter *make(int step) {
    struct Counter *c = malloc(sizeof *c);
    init(c, step, "heap");
    return c;
}
static struct Counter *pick(struct Counter *a, struct Counter *b) { return a->count > b->count ? a : b; }

int main(void) {
    struct Counter c1;
    init(&c1, 3, "c1");
    for (int i = 0; i < 5; i++) tick(&c1);
    printf("%s %d\n", c1.label, get(&c1));
    struct Counter *h = make(7);
    tick(h);
    tick(h);
    tick(h);
    printf("%s %d\n", h->label, h->count);
    printf("%s\n", pick(&c1, h)->label);
    pick(&c1, h)->count = 0;
    printf("%d %d\n", c1.count, h->count);
    struct Counter *arr = calloc(4, sizeof(struct Counter));
    for (int i = 0; i < 4; i++) init(arr + i, i + 1, "arr");
    for (int r = 0; r < 3; r++)
        for (struct Counter *p = arr; p != arr + 4; ++p) tick(p);
    for (int i = 0; i < 4; i++) printf("%d ", arr[i].count);
    printf("\n");
    struct Counter **pp = &h;
    (*pp)->step = 100;
    tick(*pp);
    printf("%d\n", h->count);
    struct Counter *q = &arr[2];
    printf("%d %d\n", q->step, (q - 1)->step);
    printf("%c\n", q->label[1]);
    printf("%d\n", (&c1)->step);
    free(arr);
    free(h);
    return 0;
}
