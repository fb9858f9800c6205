// expect-error: unsupported: __attribute__((section)) on a variable
#include <stdio.h>
struct entry { const char *name; int value; };
__attribute__((section("registry"), used)) static const struct entry first = { "first", 1 };
extern const struct entry __start_registry[], __stop_registry[];
int main(void) {
    for (const struct entry *e = __start_registry; e < __stop_registry; e++) printf("%s %d\n", e->name, e->value);
    return 0;
}
