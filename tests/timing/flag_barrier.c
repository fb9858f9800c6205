/* An empty asm with a "memory" clobber is a compiler barrier: the loop
   below has no store and no call, so without the barrier the load of
   `flag`, which only the signal handler writes, could leave the loop and
   nissecc -O2 would spin forever (it does, without the asm). How often the
   loop runs depends on timing, so this program lives outside tests/c,
   whose programs the profile oracle runs. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

static int flag;

static void on_alarm(int sig) {
    (void)sig;
    flag = 1;
}

int main(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_alarm;
    sigaction(SIGALRM, &action, 0);
    struct itimerval timer = {{0, 0}, {0, 20000}};
    int before = flag;
    setitimer(ITIMER_REAL, &timer, 0);
    while (!flag)
        asm volatile("" ::: "memory");
    printf("flag %d -> %d\n", before, flag);
    return 0;
}
