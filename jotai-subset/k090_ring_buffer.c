// inputs: 0 1 2 3  tags: unsigned, counted-loop, struct, early-return, modular
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ring {
    unsigned char data[64];
    unsigned head;   /* next write position (free-running) */
    unsigned tail;   /* next read position (free-running) */
    unsigned dropped;
};

/* Apply a sequence of operations: op>=0 pushes byte op, op==-1 pops one byte into out,
   op==-2 drains everything.  Returns the number of bytes popped. */
int ring_run(struct ring *r, const int *ops, unsigned nops, unsigned char *out, unsigned out_cap)
{
    unsigned popped = 0;
    for (unsigned i = 0; i < nops; i++) {
        int op = ops[i];
        if (op >= 0) {
            if (r->head - r->tail == sizeof r->data) {
                r->dropped++;
                continue;
            }
            r->data[r->head % sizeof r->data] = (unsigned char)op;
            r->head++;
        } else if (op == -1) {
            if (r->head == r->tail) continue;
            if (popped == out_cap) return (int)popped;
            out[popped++] = r->data[r->tail % sizeof r->data];
            r->tail++;
        } else {
            while (r->head != r->tail) {
                if (popped == out_cap) return (int)popped;
                out[popped++] = r->data[r->tail % sizeof r->data];
                r->tail++;
            }
        }
    }
    return (int)popped;
}

static void report(const struct ring *r, const unsigned char *out, int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++) h = h * 131u + out[i];
    printf("popped=%d head=%u tail=%u used=%u dropped=%u hash=%08x first:", n, r->head, r->tail,
           r->head - r->tail, r->dropped, h);
    for (int i = 0; i < n && i < 12; i++) printf(" %u", out[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct ring r;
    memset(&r, 0, sizeof r);
    unsigned char out[4096];
    switch (opt) {
    case 0: {
        int ops[3] = {-1, -1, -2};
        int n = ring_run(&r, ops, 3, out, sizeof out);
        report(&r, out, n);
        break;
    }
    case 1: {
        int ops[200];
        for (int i = 0; i < 100; i++) ops[i] = i;
        ops[100] = -1;
        ops[101] = -1;
        for (int i = 102; i < 199; i++) ops[i] = 200 + (i % 50);
        ops[199] = -2;
        int n = ring_run(&r, ops, 200, out, sizeof out);
        report(&r, out, n);
        break;
    }
    case 2: {
        /* wrap the free-running counters around UINT_MAX */
        r.head = r.tail = 4294967290u;
        int ops[40];
        for (int i = 0; i < 40; i++) ops[i] = (i % 3 == 2) ? -1 : i;
        int n = ring_run(&r, ops, 40, out, sizeof out);
        report(&r, out, n);
        break;
    }
    case 3: {
        unsigned nops = 20000;
        int *ops = malloc(nops * sizeof *ops);
        unsigned seed = 77u;
        for (unsigned i = 0; i < nops; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned x = (seed >> 16) % 10;
            ops[i] = x < 6 ? (int)((seed >> 20) & 0xFF) : x < 9 ? -1 : -2;
        }
        int n = ring_run(&r, ops, nops, out, 3000);
        report(&r, out, n);
        free(ops);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
