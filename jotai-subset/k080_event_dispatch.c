// inputs: 0 1 2 3  tags: function-pointer, state-machine, struct, exit, switch
#include <stdio.h>
#include <stdlib.h>

enum { EV_COIN, EV_PUSH, EV_RESET, EV_SERVICE, EV_NUM };
enum { ST_LOCKED, ST_UNLOCKED, ST_MAINT, ST_NUM };

struct turnstile {
    int state;
    int coins;
    int passes;
    int alarms;
};

typedef int (*handler)(struct turnstile *);

static int h_coin(struct turnstile *t) { t->coins++; return ST_UNLOCKED; }
static int h_pass(struct turnstile *t) { t->passes++; return ST_LOCKED; }
static int h_alarm(struct turnstile *t) { t->alarms++; return t->state; }
static int h_stay(struct turnstile *t) { return t->state; }
static int h_maint(struct turnstile *t) { (void)t; return ST_MAINT; }
static int h_lock(struct turnstile *t) { (void)t; return ST_LOCKED; }

/* Table-driven turnstile: runs the event sequence and returns the number of
 * transitions that changed state. Unknown events abort the program. */
int run_events(struct turnstile *t, const int *ev, int n)
{
    static const handler table[ST_NUM][EV_NUM] = {
        /* LOCKED   */ { h_coin, h_alarm, h_stay, h_maint },
        /* UNLOCKED */ { h_coin, h_pass, h_lock, h_maint },
        /* MAINT    */ { h_stay, h_stay, h_lock, h_stay }
    };
    int i, changes = 0;
    for (i = 0; i < n; i++) {
        int e = ev[i];
        if (e < 0 || e >= EV_NUM) {
            printf("fatal: unknown event %d at index %d (state=%d)\n", e, i, t->state);
            exit(7);
        }
        int ns = table[t->state][e](t);
        if (ns != t->state)
            changes++;
        t->state = ns;
    }
    return changes;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct turnstile t;
    int ev[40], n = 0, i;
    t.state = ST_LOCKED;
    t.coins = t.passes = t.alarms = 0;
    switch (opt) {
    case 0:
        n = 0;
        break;
    case 1: {
        int e[8] = { EV_PUSH, EV_COIN, EV_COIN, EV_PUSH, EV_PUSH, EV_SERVICE, EV_COIN, EV_RESET };
        n = 8;
        for (i = 0; i < n; i++)
            ev[i] = e[i];
        break;
    }
    case 2: {
        unsigned s = 5u;
        n = 40;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            ev[i] = (int)((s >> 16) % EV_NUM);
        }
        break;
    }
    case 3: {
        int e[5] = { EV_COIN, EV_PUSH, EV_COIN, 9, EV_PUSH };
        n = 5;
        for (i = 0; i < n; i++)
            ev[i] = e[i];
        break;
    }
    default:
        return 0;
    }
    int ch = run_events(&t, ev, n);
    printf("changes=%d state=%d coins=%d passes=%d alarms=%d\n", ch, t.state, t.coins, t.passes,
           t.alarms);
    return 0;
}
