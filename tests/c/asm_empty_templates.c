/* Empty asm statements, as programs use them to hide values from the
   optimizer and as compiler barriers: tied outputs, in-out operands,
   memory operands, named operands and basic asm. (The "memory" clobber's
   effect is checked in tests/timing/flag_barrier.c.) */
#include <stdio.h>

static long hidden(long v) {
    asm("" : "+r"(v));
    return v;
}

struct pair {
    int a, b;
};

int main() {
    int a, b = 5, c;
    long p;
    struct pair s = {1, 2};
    asm("" : "=r"(a) : "0"(41));
    asm volatile("" : "=r"(c) : "r"(b), "0"(b + 1) : "memory");
    asm("" : [out] "=r"(p) : [in] "[out]"(&s));
    asm volatile("" : "+m"(s.a), "+m"(s.b));
    asm("");
    __asm__ __volatile__("\n\t");
    asm volatile("" : : "g"(&s), "r"(b) : "memory");
    printf("%d %d %d %ld %d %d\n", a + 1, b, c, hidden(7) * 6, p == (long)&s, s.a + s.b);

    /* __builtin_expect evaluates its second argument. */
    int z = 10;
    if (__builtin_expect(a == 41, z++))
        z += 100;
    printf("%d\n", z);
    return 0;
}
