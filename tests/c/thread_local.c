/* Thread-local objects (`_Thread_local`, GCC's `__thread`): every thread
   starts from the initial value and sees only its own copy, including of
   static locals, arrays and structs, through pointers and from other
   functions. jq keeps its allocation error handler in one. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

struct handler {
    void (*fn)(void *);
    void *data;
    const char *name;
};

static __thread struct handler nomem_handler = {0, 0, "default"};
_Thread_local int calls = 100;
extern __thread int calls;
static thread_local char scratch[64];
__thread long long big_counter;
static __thread double weights[4] = {0.5, 1.5, 2.5, 3.5};

static int next_id(void) {
    static __thread int id = 10;
    return id++;
}

static void count_into(int *counter, int n) {
    for (int i = 0; i < n; i++)
        (*counter)++;
}

static void note(void *data) {
    snprintf(scratch, sizeof scratch, "note %s", (const char *)data);
}

struct result {
    int calls, first_id, last_id;
    long long big;
    double weight_sum;
    char scratch[64];
    const char *handler;
    int own_copy;
};

static int *main_calls;

static void *work(void *arg) {
    int n = *(int *)arg;
    struct result *r = malloc(sizeof *r);
    r->first_id = next_id();
    for (int i = 0; i < n; i++) {
        calls++;
        big_counter += 1LL << 33;
        weights[i % 4] *= 2;
        next_id();
    }
    count_into(&calls, n);
    r->last_id = next_id();
    r->calls = calls;
    r->big = big_counter;
    r->weight_sum = weights[0] + weights[1] + weights[2] + weights[3];
    if (n % 2) {
        nomem_handler.fn = note;
        nomem_handler.data = n == 1 ? "one" : "odd";
        nomem_handler.name = "custom";
    }
    if (nomem_handler.fn)
        nomem_handler.fn(nomem_handler.data);
    strcpy(r->scratch, scratch);
    r->handler = nomem_handler.name;
    r->own_copy = &calls != main_calls;
    return r;
}

int main(void) {
    enum { THREADS = 4 };
    pthread_t threads[THREADS];
    int counts[THREADS] = {1, 2, 3, 50};
    struct result *results[THREADS];
    main_calls = &calls;
    /* One thread at a time, so that the profile counters see no races;
       each thread still gets fresh copies. */
    for (int i = 0; i < THREADS; i++) {
        pthread_create(&threads[i], NULL, work, &counts[i]);
        pthread_join(threads[i], (void **)&results[i]);
    }
    for (int i = 0; i < THREADS; i++) {
        struct result *r = results[i];
        printf("thread %d: calls %d ids %d..%d big %lld weights %g scratch '%s' handler %s own copy %d\n",
               i, r->calls, r->first_id, r->last_id, r->big, r->weight_sum, r->scratch, r->handler,
               r->own_copy);
    }
    /* The main thread's copies were never touched by the workers. */
    printf("main: calls %d id %d big %lld weights %g scratch '%s' handler %s\n",
           calls, next_id(), big_counter, weights[0] + weights[1] + weights[2] + weights[3], scratch,
           nomem_handler.name);
    for (int i = 0; i < THREADS; i++)
        free(results[i]);
    return 0;
}
