// inputs: 0 1 2 3  tags: while-loop, multi-exit, struct, switch, priority-queue
#include <stdio.h>
#include <stdlib.h>

struct pq_item {
    int prio;
    int seq;    /* insertion order, for FIFO among equal priorities */
};

struct pq {
    struct pq_item items[256];
    int n;
    int next_seq;
};

static int before(const struct pq_item *a, const struct pq_item *b)
{
    return a->prio < b->prio || (a->prio == b->prio && a->seq < b->seq);
}

/* One priority-queue operation.  op 'p' pushes prio (returns 0, -1 if full);
   op 'o' pops the minimum into *out (returns 0, -1 if empty). */
int pq_op(struct pq *q, char op, int prio, struct pq_item *out)
{
    switch (op) {
    case 'p': {
        if (q->n == 256) return -1;
        int i = q->n++;
        struct pq_item it;
        it.prio = prio;
        it.seq = q->next_seq++;
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!before(&it, &q->items[parent])) break;
            q->items[i] = q->items[parent];
            i = parent;
        }
        q->items[i] = it;
        return 0;
    }
    case 'o': {
        if (q->n == 0) return -1;
        *out = q->items[0];
        struct pq_item last = q->items[--q->n];
        int i = 0;
        for (;;) {
            int l = 2 * i + 1, r = l + 1, m = i;
            const struct pq_item *best = &last;
            if (l < q->n && before(&q->items[l], best)) { m = l; best = &q->items[l]; }
            if (r < q->n && before(&q->items[r], best)) { m = r; }
            if (m == i) break;
            q->items[i] = q->items[m];
            i = m;
        }
        if (q->n > 0) q->items[i] = last;
        return 0;
    }
    default:
        return -2;
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct pq *q = malloc(sizeof *q);
    q->n = 0;
    q->next_seq = 0;
    struct pq_item it;
    switch (opt) {
    case 0: {
        int r1 = pq_op(q, 'o', 0, &it);
        int r2 = pq_op(q, '?', 0, &it);
        printf("pop empty=%d bad op=%d\n", r1, r2);
        break;
    }
    case 1: {
        int pr[9] = {5, 3, 8, 3, 1, 9, 5, 0, 3};
        for (int i = 0; i < 9; i++) pq_op(q, 'p', pr[i], &it);
        printf("order:");
        while (pq_op(q, 'o', 0, &it) == 0) printf(" %d/%d", it.prio, it.seq);
        printf("\n");
        break;
    }
    case 2: {
        int full = 0;
        for (int i = 0; i < 300; i++) if (pq_op(q, 'p', 300 - i, &it) < 0) full++;
        pq_op(q, 'o', 0, &it);
        printf("rejected=%d n=%d min=%d/%d\n", full, q->n, it.prio, it.seq);
        break;
    }
    case 3: {
        unsigned seed = 2u;
        long acc = 0;
        int pops = 0, fails = 0;
        for (int i = 0; i < 5000; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            if (r % 2 != 0) {
                if (pq_op(q, 'p', (int)(r % 1000), &it) < 0) fails++;
            } else if (pq_op(q, 'o', 0, &it) == 0) {
                pops++;
                acc += (long)it.prio * (pops % 7 + 1) + it.seq % 13;
            }
        }
        printf("pops=%d fails=%d acc=%ld left=%d\n", pops, fails, acc, q->n);
        break;
    }
    default:
        printf("unknown input\n");
    }
    free(q);
    return 0;
}
