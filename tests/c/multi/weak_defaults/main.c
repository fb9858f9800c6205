/* Weak symbols, the way libraries use them: defaults that a program may
   override with strong definitions in another file, and optional hooks
   that are called only when some file defines them. */
#include <stdio.h>
#include "hooks.h"

/* Library defaults: overridden for verbosity and the banner, not for the
   retry count. */
__attribute__((weak)) int verbosity(void) { return 1; }
int retries(void) __attribute__((weak));
int retries(void) { return 3; }
const char *banner __attribute__((weak)) = "default banner";
int buffer_size __attribute__((weak)) = 4096;

/* Optional hooks: on_start is defined in overrides.c, on_exit nowhere. */
void on_start(int) __attribute__((weak));
extern void on_exit_hook(int) __attribute__((weak));
extern int missing_counter __attribute__((weak));

/* The pragma form: report is defined in overrides.c, audit nowhere. */
#pragma weak report
#pragma weak audit
void report(const char *what);
void audit(void);

static int run(int (*level)(void)) {
    return level() * 10;
}

int main() {
    printf("%s\n", banner);
    printf("verbosity %d, retries %d, buffer %d\n", verbosity(), retries(), buffer_size);
    printf("through a pointer: %d\n", run(verbosity));
    if (on_start)
        on_start(2);
    else
        printf("no start hook\n");
    if (on_exit_hook)
        on_exit_hook(2);
    else
        printf("no exit hook\n");
    printf("missing counter %s\n", &missing_counter ? "present" : "absent");
    if (report)
        report("done");
    printf("audit %s\n", audit ? "present" : "absent");
    printf("hook calls %d\n", hook_calls);
    return 0;
}
