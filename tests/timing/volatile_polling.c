/* Loops that poll volatile objects another agent writes: a global flag
   set by a signal handler, and a flag, an array element and a struct
   member reached through pointers to volatile, set by another thread.
   Each read must happen on every iteration; hoisted out of the loop, the
   program would spin forever. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>

static volatile sig_atomic_t alarmed;
static void on_alarm(int s) { (void)s; alarmed = 1; }

struct mailbox { int ready; int value; };
static int plain_flag;
static int slots[4];
static struct mailbox box;

static void *writer(void *arg) {
    (void)arg;
    usleep(10000);
    *(volatile int *)&plain_flag = 1;
    usleep(10000);
    ((volatile int *)slots)[2] = 7;
    usleep(10000);
    box.value = 42;
    ((volatile struct mailbox *)&box)->ready = 1;
    return NULL;
}

int main(void) {
    signal(SIGALRM, on_alarm);
    struct itimerval it = { { 0, 0 }, { 0, 20000 } };
    setitimer(ITIMER_REAL, &it, NULL);
    unsigned long spins = 0;
    while (!alarmed)
        spins++;
    printf("alarm %d\n", spins > 0);

    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    volatile int *flag = &plain_flag;
    while (*flag == 0)
        ;
    volatile int *s = slots;
    while (s[2] != 7)
        ;
    volatile struct mailbox *b = &box;
    while (!b->ready)
        ;
    pthread_join(t, NULL);
    printf("thread %d %d %d\n", *flag, s[2], b->value);
    return 0;
}
