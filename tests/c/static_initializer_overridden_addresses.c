/* A static initializer whose later item overrides an address an earlier one gave (C11 §6.7.9p19: the last initializer of a subobject wins), as tcc's 90_struct-init does with `[0 ... 2] = &sys_ni, [0] = sys_one`: nissecc kept the earlier relocations beside the new value, an internal error when two addresses met and the old address where a null pointer or a number overrode it. */
#include <stdio.h>

static void ni(void) { puts("ni"); }
static void one(void) { puts("one"); }
static void two(void) { puts("two"); }
static int x, y;

static void (*const table[3])(void) = { [0 ... 2] = ni, [0] = one, [2] = two };
static int *pointers[3] = { &x, &y, &x, [0] = 0, [2] = &y };
static struct { int *p; long n; } pair = { &x, 1, .p = &y };
static union { int *p; long bits; } word = { .p = &x, .bits = 5 };
static struct { const char *name; int *where; } entries[2] = { { "a", &x }, { "b", &y }, [0].where = 0, [1] = { "c" } };

int main(void) {
    for (int i = 0; i < 3; i++) table[i]();
    printf("%d %d %d\n", pointers[0] == 0, pointers[1] == &y, pointers[2] == &y);
    printf("%d %ld %ld\n", pair.p == &y, pair.n, word.bits);
    printf("%s %d %s %d\n", entries[0].name, entries[0].where == 0, entries[1].name, entries[1].where == 0);
    return 0;
}
