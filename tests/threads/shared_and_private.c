/* Eight threads run the same loops (shared counters) and a loop of
   their own (private counters) at the same time. Run with the argument
   "sequential", the same work runs in one thread, one call after the
   other: the workers' counts must be the same either way, which holds
   only if no concurrent update of a counter is lost. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define THREADS 8
#define ROUNDS 20000

static long shared_work(long seed) {
    long x = seed;
    for (int i = 0; i < ROUNDS; i++) {
        if (x % 3 == 0)
            x = x / 3 + i;
        else if (x & 1)
            x = 3 * x + 1;
        else
            x = x / 2;
        switch (i % 4) {
        case 0: x += 7; break;
        case 1: x ^= i; break;
        default: x -= 1;
        }
    }
    return x;
}

/* A loop with many paths, so that path profiles of it use the hash table
   when the array threshold is small. */
static long many_paths(long x) {
    long s = 0;
    for (int i = 0; i < ROUNDS / 4; i++) {
        if (x & 1) s += x; else s -= x;
        if (x & 2) s ^= i; else s += i;
        if (x & 4) s += 3; else s -= 5;
        if (x & 8) s *= 3; else s += 1;
        x = x * 1103515245 + 12345;
        x &= 0x7fffffff;
    }
    return s;
}

#define PRIVATE(k) \
    static long private_##k(long x) { \
        for (int i = 0; i < ROUNDS / (k + 1); i++) \
            x = (x * (k + 3) + i) % 1000003; \
        return x; \
    }
PRIVATE(0) PRIVATE(1) PRIVATE(2) PRIVATE(3) PRIVATE(4) PRIVATE(5) PRIVATE(6) PRIVATE(7)

static long (*const privates[THREADS])(long) = {
    private_0, private_1, private_2, private_3, private_4, private_5, private_6, private_7,
};

static long results[THREADS];

static void *worker(void *arg) {
    long id = (long)arg;
    results[id] = shared_work(id + 1) + many_paths(id) + privates[id](id);
    return NULL;
}

int main(int argc, char **argv) {
    int sequential = argc > 1 && strcmp(argv[1], "sequential") == 0;
    pthread_t threads[THREADS];
    for (long id = 0; id < THREADS; id++) {
        if (sequential)
            worker((void *)id);
        else if (pthread_create(&threads[id], NULL, worker, (void *)id) != 0)
            return 1;
    }
    if (!sequential)
        for (int id = 0; id < THREADS; id++)
            pthread_join(threads[id], NULL);
    for (int id = 0; id < THREADS; id++)
        printf("%d %ld\n", id, results[id]);
    return 0;
}
