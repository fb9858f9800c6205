/* Discrete-event simulation of a bank queue with a binary-heap priority queue. */
#include <stdio.h>
#include <stdlib.h>

typedef enum { EV_ARRIVE, EV_DEPART, EV_BREAK_START, EV_BREAK_END } EvType;

typedef struct {
    double time;
    EvType type;
    int customer;
    int teller;
    unsigned seq;
} Event;

typedef struct {
    Event *data;
    int size, cap;
    unsigned next_seq;
} PQ;

static int ev_less(const Event *a, const Event *b) {
    if (a->time != b->time) return a->time < b->time;
    return a->seq < b->seq;
}

static void pq_push(PQ *q, const Event *ep) {
    Event e = *ep;
    if (q->size == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 4;
        q->data = realloc(q->data, (size_t)q->cap * sizeof *q->data);
    }
    e.seq = q->next_seq++;
    int i = q->size++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!ev_less(&e, &q->data[p])) break;
        q->data[i] = q->data[p];
        i = p;
    }
    q->data[i] = e;
}

static int pq_pop(PQ *q, Event *out) {
    if (q->size == 0) return 0;
    *out = q->data[0];
    Event last = q->data[--q->size];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        const Event *best = &last;
        if (l < q->size && ev_less(&q->data[l], best)) { m = l; best = &q->data[l]; }
        if (r < q->size && ev_less(&q->data[r], best)) { m = r; }
        if (m == i) break;
        q->data[i] = q->data[m];
        i = m;
    }
    if (q->size > 0) q->data[i] = last;
    return 1;
}

static unsigned long rng = 88172645463325252ULL & 0xffffffffUL;
static double urand(void) {
    rng ^= rng << 13; rng &= 0xffffffffUL;
    rng ^= rng >> 17;
    rng ^= rng << 5; rng &= 0xffffffffUL;
    return (double)(rng % 100000) / 100000.0;
}

#define NTELLERS 3
#define NCUST 40
#define QCAP 64

int main(void) {
    PQ pq = { NULL, 0, 0, 0 };
    int busy[NTELLERS] = {0}, on_break[NTELLERS] = {0}, served[NTELLERS] = {0};
    int queue[QCAP], qhead = 0, qtail = 0;
    double arrive_time[NCUST];
    double total_wait = 0, max_wait = 0;
    int max_qlen = 0;
    static const char *const names[] = { "ARRIVE", "DEPART", "BRK-ON", "BRK-OFF" };

    double t = 0;
    for (int c = 0; c < NCUST; c++) {
        t += 0.2 + urand() * 1.6;
        Event e = { t, EV_ARRIVE, c, -1, 0 };
        pq_push(&pq, &e);
    }
    Event br = { 10.0, EV_BREAK_START, -1, 1, 0 };
    pq_push(&pq, &br);

    Event ev;
    int processed = 0;
    double now = 0;
    while (pq_pop(&pq, &ev)) {
        now = ev.time;
        processed++;
        switch (ev.type) {
        case EV_ARRIVE:
            arrive_time[ev.customer] = now;
            queue[qtail++ % QCAP] = ev.customer;
            break;
        case EV_DEPART:
            busy[ev.teller] = 0;
            served[ev.teller]++;
            break;
        case EV_BREAK_START:
            on_break[ev.teller] = 1;
            { Event e2 = { now + 8.0, EV_BREAK_END, -1, ev.teller, 0 }; pq_push(&pq, &e2); }
            break;
        case EV_BREAK_END:
            on_break[ev.teller] = 0;
            break;
        }
        if (processed <= 25 || processed % 10 == 0)
            printf("t=%8.3f %-7s cust=%3d teller=%2d qlen=%d\n", now, names[ev.type], ev.customer, ev.teller,
                   qtail - qhead);
        /* dispatch waiting customers to free tellers */
        for (int k = 0; k < NTELLERS && qhead < qtail; k++) {
            if (busy[k] || on_break[k]) continue;
            int c = queue[qhead++ % QCAP];
            double w = now - arrive_time[c];
            total_wait += w;
            if (w > max_wait) max_wait = w;
            busy[k] = 1;
            Event d = { now + 1.5 + urand() * 3.0 + k * 0.25, EV_DEPART, c, k, 0 };
            pq_push(&pq, &d);
        }
        if (qtail - qhead > max_qlen) max_qlen = qtail - qhead;
    }
    printf("processed %d events, end time %.3f\n", processed, now);
    for (int k = 0; k < NTELLERS; k++) printf("teller %d served %d\n", k, served[k]);
    printf("avg wait %.4f max wait %.4f max queue %d\n", total_wait / NCUST, max_wait, max_qlen);
    free(pq.data);
    return 0;
}
