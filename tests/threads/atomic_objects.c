/* Atomic objects shared by threads (run by tests/threads.rs): four
 * threads update the same counters at once with `++`, `+=`, `|=`, a
 * compare-and-exchange loop (`*=` on an integer, `+=` on a `double`),
 * the <stdatomic.h> functions, and a spin lock on an `atomic_flag` that
 * guards a plain counter. Every update is one atomic read-modify-write,
 * so no update is lost and the totals are exact; with plain loads and
 * stores they are not. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 200000

struct shared {
    _Atomic int increments;
    atomic_long sum;
    _Atomic unsigned bits;
    _Atomic unsigned long long product;
    _Atomic double weight;
    atomic_int fetched;
    atomic_flag lock;
    long guarded;
    atomic_int *ready;
};

static struct shared shared = { .lock = ATOMIC_FLAG_INIT };
static atomic_int started;

static void *work(void *arg) {
    int id = (int)(long)arg;
    struct shared *s = &shared;
    started++;
    while (atomic_load(&started) < THREADS) {
    }
    for (int i = 0; i < ROUNDS; i++) {
        s->increments++;
        s->sum += i % 7;
        s->bits |= 1u << ((i + id) % 32);
        /* The product is 3 to the number of multiplications. */
        if (i % 16 == 0) {
            s->product *= 3;
            s->weight += 0.5;
        }
        atomic_fetch_add_explicit(&s->fetched, 2, memory_order_relaxed);
        while (atomic_flag_test_and_set(&s->lock)) {
        }
        s->guarded += id + 1;
        atomic_flag_clear(&s->lock);
    }
    return 0;
}

int main() {
    pthread_t threads[THREADS];
    shared.product = 1;
    for (long t = 0; t < THREADS; t++)
        pthread_create(&threads[t], 0, work, (void *)t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(threads[t], 0);
    unsigned long long expected_product = 1;
    for (int i = 0; i < THREADS * ((ROUNDS + 15) / 16); i++)
        expected_product *= 3;
    printf("increments %d\n", shared.increments);
    printf("sum %ld\n", shared.sum);
    printf("bits %x\n", shared.bits);
    printf("product %s\n", shared.product == expected_product ? "exact" : "lost updates");
    printf("weight %g\n", shared.weight);
    printf("fetched %d\n", atomic_load(&shared.fetched));
    printf("guarded %ld\n", shared.guarded);
    return 0;
}
