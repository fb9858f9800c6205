/* Reduced from csmith seed 566986 (--no-bitfields --no-volatiles
 * --no-volatile-pointers --no-packed-struct --no-builtins --no-argc
 * --max-funcs 5): an `if` whose condition is a comma expression ending in
 * a constant, `if ((f(), 0x825DB0E2L))`, was folded as a constant and the
 * call dropped. A comma is constant only when all its operands are. */
#include <stdio.h>
#include <stdint.h>

struct S0 { int32_t f1; int64_t f8; };
static struct S0 g_100;
static int calls;

static void func_9(void) {
    for (g_100.f8 = 0; g_100.f8 <= 5; g_100.f8 += 1)
        ;
    calls++;
}

static int bump(void) { return ++calls; }

int main() {
    if ((func_9(), 0x825DB0E2L))
        calls += 10;
    if ((bump(), 0))
        calls += 100;
    if ((1, 2, 3))
        calls += 1000;
    if (func_9)
        calls += 10000;
    int x = (bump(), 5) + (0, 7);
    printf("%lld %d %d\n", (long long)g_100.f8, calls, x);
    return 0;
}
