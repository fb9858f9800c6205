// inputs: 0 1 2 3  tags: struct, do-while, modulo, queue, conditionals
#include <stdio.h>
#include <stdlib.h>

#define RB_CAP 8

struct ring {
    int buf[RB_CAP];
    unsigned head, tail, count;
    unsigned dropped;
};

/* Pushes n values (overwriting oldest when full), then drains up to `take`
 * values into out with a do-while. Returns number drained. */
int ring_push_drain(struct ring *r, const int *vals, int n, int *out, int take)
{
    int i, got = 0;
    for (i = 0; i < n; i++) {
        if (r->count == RB_CAP) {
            r->head = (r->head + 1) % RB_CAP;
            r->count--;
            r->dropped++;
        }
        r->buf[r->tail] = vals[i];
        r->tail = (r->tail + 1) % RB_CAP;
        r->count++;
    }
    if (take <= 0 || r->count == 0)
        return 0;
    do {
        out[got++] = r->buf[r->head];
        r->head = (r->head + 1) % RB_CAP;
        r->count--;
    } while (r->count > 0 && got < take);
    return got;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct ring r;
    int out[32], vals[32], i, g;
    r.head = r.tail = r.count = r.dropped = 0;
    for (i = 0; i < 32; i++)
        vals[i] = i * i - 10;
    switch (opt) {
    case 0:
        g = ring_push_drain(&r, vals, 0, out, 4);
        break;
    case 1:
        g = ring_push_drain(&r, vals, 5, out, 3);
        break;
    case 2:
        g = ring_push_drain(&r, vals, 20, out, 32);
        break;
    case 3:
        g = ring_push_drain(&r, vals, 6, out, 2);
        printf("first g=%d\n", g);
        g = ring_push_drain(&r, vals + 10, 7, out, 5);
        break;
    default:
        return 0;
    }
    printf("got=%d:", g);
    for (i = 0; i < g; i++)
        printf(" %d", out[i]);
    printf("\nhead=%u tail=%u count=%u dropped=%u\n", r.head, r.tail, r.count, r.dropped);
    return 0;
}
