/* Definitions under second names: `__attribute__((alias("target")))`
 * gives a function or variable defined here another symbol, global,
 * weak or static, as libraries export one implementation under several
 * names or provide weak defaults. */
#include <stdio.h>

static int scale(int x) {
    return 3 * x;
}

/* Exported names of the static implementation. */
int triple(int) __attribute__((alias("scale")));
int times_three(int) __attribute__((alias("scale")));

/* A weak default that main.c overrides, and one it does not. */
static const char *default_name(void) {
    return "default";
}
const char *backend_name(void) __attribute__((weak, alias("default_name")));
const char *frontend_name(void) __attribute__((weak, alias("default_name")));

int shared_total = 40;
extern int total_alias __attribute__((alias("shared_total")));

/* A static alias, used only here. */
static int local_scale(int) __attribute__((alias("scale")));

int through_local(int x) {
    total_alias += x;
    return local_scale(x) + (&total_alias == &shared_total);
}
