/* Four threads update shared counters with GCC's atomic builtins, in
   every width, and publish a flag with a release store; no update may be
   lost, so the totals are exact. */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 100000

static long counter;
static unsigned int mask_bits;
static short small;
static unsigned char byte;
static int ready;
static long cas_total;

static void *worker(void *arg) {
    long id = (long)arg;
    for (int i = 0; i < ROUNDS; i++) {
        __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
        __sync_fetch_and_add(&counter, 2);
        __atomic_add_fetch(&small, 1, __ATOMIC_SEQ_CST);
        __sync_add_and_fetch(&byte, 1);
        /* A compare-and-swap loop. */
        long seen = __atomic_load_n(&cas_total, __ATOMIC_RELAXED);
        while (!__atomic_compare_exchange_n(&cas_total, &seen, seen + id, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            ;
    }
    __atomic_fetch_or(&mask_bits, 1u << id, __ATOMIC_SEQ_CST);
    __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
    return 0;
}

int main(void) {
    pthread_t threads[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&threads[i], 0, worker, (void *)(i + 1));
    for (int i = 0; i < 4; i++)
        pthread_join(threads[i], 0);
    printf("counter %ld, small %d, byte %d, cas %ld, mask %x, ready %d\n", __atomic_load_n(&counter, __ATOMIC_SEQ_CST), small, byte,
           cas_total, mask_bits, __atomic_load_n(&ready, __ATOMIC_ACQUIRE));
    return 0;
}
