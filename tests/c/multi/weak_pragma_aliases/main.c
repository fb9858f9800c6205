/* `#pragma weak name = target`, the way C libraries give a public name to
   an internal default that a program may replace: log_message and
   default_limit keep their defaults, tick is replaced by a strong
   definition in strong.c. The calls come before and after the pragma. */
#include <stdio.h>

void log_message(const char *what);
int tick(int n);
extern int limit;

static int calls;

void default_log(const char *what) {
    calls++;
    printf("default log %d: %s\n", calls, what);
}

int default_tick(int n) { return n + 1; }

int default_limit = 42;

static void early(void) { log_message("before the pragma"); }

#pragma weak log_message = default_log
#pragma weak tick = default_tick
#pragma weak limit = default_limit

int main() {
    early();
    log_message("after the pragma");
    printf("tick %d, limit %d\n", tick(10), limit);
    limit++;
    printf("default_limit %d\n", default_limit);
    void (*f)(const char *) = log_message;
    f("through a pointer");
    printf("same function: %d\n", f == default_log);
    return 0;
}
