/* Loops polling a volatile struct member that a signal handler sets, read directly and through a pointer to a non-volatile struct: each read must stay in the loop. */
#include <stdio.h>
#include <signal.h>
#include <sys/time.h>
struct state { int pad; volatile sig_atomic_t fired; };
static struct state st;
static void on_alarm(int s) { (void)s; st.fired = 1; }
int main(void) {
    signal(SIGALRM, on_alarm);
    struct itimerval it = { { 0, 0 }, { 0, 20000 } };
    setitimer(ITIMER_REAL, &it, NULL);
    while (!st.fired) ;
    struct state *p = &st; st.fired = 0; setitimer(ITIMER_REAL, &it, NULL);
    while (!p->fired) ;
    printf("done\n");
    return 0;
}
