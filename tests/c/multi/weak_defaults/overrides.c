/* Strong definitions that replace main.c's weak defaults. */
#include <stdio.h>
#include "hooks.h"

int hook_calls;

int verbosity(void) { return 5; }
const char *banner = "overridden banner";

void on_start(int n) {
    hook_calls += n;
    printf("start hook %d\n", n);
}

void report(const char *what) {
    printf("report: %s\n", what);
}
