/* __builtin_thread_pointer(): the thread pointer, which on x86-64 glibc is
   the thread's control block and so equal to pthread_self(). mimalloc
   takes it as its thread id (prim.h, with GCC 11 or later), to tell a
   block freed by its owner from one freed by another thread. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

typedef uintptr_t thread_id;

static inline thread_id current_thread(void) {
    return (uintptr_t)__builtin_thread_pointer();
}

struct block {
    thread_id owner;
    int value;
};

static struct block blocks[4];
static thread_id seen[4];

static int freed_locally(const struct block *b) {
    return b->owner == current_thread();
}

static void *worker(void *arg) {
    int k = (int)(intptr_t)arg;
    blocks[k].owner = current_thread();
    blocks[k].value = k * 10;
    seen[k] = current_thread();
    printf("worker %d: self %d, stable %d, owns its block %d\n", k,
           (void *)current_thread() == (void *)pthread_self(), seen[k] == current_thread(),
           freed_locally(&blocks[k]));
    return NULL;
}

int main(void) {
    void *tp = __builtin_thread_pointer();
    printf("main: nonzero %d, self %d\n", tp != NULL, tp == (void *)pthread_self());
    for (int k = 0; k < 4; k++) {
        pthread_t t;
        pthread_create(&t, NULL, worker, (void *)(intptr_t)k);
        pthread_join(t, NULL);
    }
    int distinct = 1;
    for (int k = 0; k < 4; k++)
        distinct &= seen[k] != (thread_id)tp;
    printf("workers differ from main %d\n", distinct);
    for (int k = 0; k < 4; k++)
        printf("block %d: value %d, freed by main locally %d\n", k, blocks[k].value, freed_locally(&blocks[k]));
    return 0;
}
