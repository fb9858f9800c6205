/* __func__ is an array of its own (C11 6.4.2.2), never merged with a
   string literal of the same text (gcc.dg's c99-func-3); identical
   literals may share, which is not printed. */
#include <stdio.h>
#include <string.h>

static const char *name_of_f(void) { return __func__; }

int main() {
    printf("%d %d\n", "main" == __func__, strcmp("main", __func__));
    printf("%s %s %zu\n", __func__, name_of_f(), sizeof __func__);
    printf("%d\n", name_of_f() == __func__);
    return 0;
}
