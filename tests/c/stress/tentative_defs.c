/* Tentative definitions and forward-declared statics that refer to each other (common in C state tables). */
#include <stdio.h>

struct State;
typedef void (*Action)(const struct State *);
struct State { const char *name; Action on_enter; const struct State *next[2]; };

static const struct State idle, running, stopped;   /* tentative: completed below */
int counter;                                          /* tentative, zero-initialised */
int counter;
int limit;
int limit = 3;

static void enter(const struct State *s) { counter++; printf("enter %-8s (count %d)\n", s->name, counter); }

static const struct State idle = { "idle", enter, { &running, &idle } };
static const struct State running = { "running", enter, { &stopped, &idle } };
static const struct State stopped = { "stopped", enter, { &stopped, &idle } };

int main(void) {
    const struct State *s = &idle;
    const int inputs[] = { 0, 0, 1, 0, 1, 1, 0, 0, 0 };
    s->on_enter(s);
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0] && counter < limit * 3; i++) {
        s = s->next[inputs[i]];
        s->on_enter(s);
    }
    printf("final=%s counter=%d limit=%d\n", s->name, counter, limit);
    return 0;
}
