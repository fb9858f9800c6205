/* A function called through an alias declared with another type than its
   target's (a fuzz mutant of symver.c declared one so): GCC compiles the
   call as one of the alias's type to the target's address. nissecc gave
   the direct call the alias's signature, which differs from the
   target's: an internal error. The `unsigned short` argument must arrive
   zero-extended to 32 bits, as gcc's caller passes it, for the target
   reads it as an `int`. */
#include <stdio.h>

int add_base(int x) { return x + 41; }
extern int add_short(unsigned short x) __attribute__((alias("add_base")));
extern long add_long(long x) __attribute__((alias("add_base")));

int wide = 65537;

int main() {
    printf("%d %d\n", add_short(wide), add_base(1));
    printf("%ld\n", add_long(2) & 0xffffffffL);
    return 0;
}
