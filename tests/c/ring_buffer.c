#include <stdio.h>

#define CAP 8

struct Ring { int data[CAP]; unsigned head, tail; };

static int ring_push(struct Ring *r, int v) {
    if (r->tail - r->head == CAP) return 0;
    r->data[r->tail++ % CAP] = v;
    return 1;
}

static int ring_pop(struct Ring *r, int *out) {
    if (r->head == r->tail) return 0;
    *out = r->data[r->head++ % CAP];
    return 1;
}

static unsigned ring_len(const struct Ring *r) { return r->tail - r->head; }

int main(void) {
    struct Ring r = {{0}, 0, 0};
    int pushed = 0;
    for (int i = 0; i < 10; i++) pushed += ring_push(&r, i * i);
    printf("pushed=%d len=%u\n", pushed, ring_len(&r));
    int v = -1;
    for (int i = 0; i < 3; i++) { ring_pop(&r, &v); printf("%d ", v); }
    printf("len=%u\n", ring_len(&r));
    for (int i = 100; i < 105; i++) printf("%d", ring_push(&r, i));
    printf(" len=%u\n", ring_len(&r));
    while (ring_pop(&r, &v)) printf("%d ", v);
    printf("\n");
    /* counters near wrap-around keep working with unsigned arithmetic */
    struct Ring w = {{0}, 4294967290u, 4294967290u};
    long sum = 0;
    for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 5; i++) ring_push(&w, round * 10 + i);
        for (int i = 0; i < 4; i++) if (ring_pop(&w, &v)) sum += v;
    }
    printf("sum=%ld len=%u head=%u tail=%u\n", sum, ring_len(&w), w.head, w.tail);
    return 0;
}
