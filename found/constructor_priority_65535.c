/* Found by nissecc-fuzz --target semantic (seed 12, input 361, a mutant
   of tests/c/constructor_destructor.c whose `constructor(200)` became
   `constructor(65535)`).

   65535 is GCC's default constructor priority: gcc puts a constructor
   with an explicit priority of 65535 in `.init_array`, with those that
   have none, and runs them in source order. nissecc puts it in
   `.init_array.65535`, which the linker places (and the loader runs)
   before the plain `.init_array` entries, so `b` runs before `a`. GCC's
   manual leaves the order of constructors of one priority unspecified,
   so this is a divergence from gcc and clang rather than a violation of
   a standard; no undefined behaviour.

   gcc -O0, gcc -O2, clang-19 -O0 and clang-19 -O2 print:   1 2
   nissecc -O0 and nissecc -O2 print:                       2 1        */
#include <stdio.h>

static int order[2], n;

__attribute__((constructor)) static void a(void) { order[n++] = 1; }
__attribute__((constructor(65535))) static void b(void) { order[n++] = 2; }

int main(void) {
    printf("%d %d\n", order[0], order[1]);
    return 0;
}
