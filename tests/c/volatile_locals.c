/* Volatile local variables stay in memory and their accesses in place: a division of volatile operands raises its floating-point exception before fetestexcept looks (at -O2 it was computed after), and volatile scalars, arrays, structs, long doubles, a VLA bound and a variable changed before longjmp keep their values. */
#include <stdio.h>
#include <fenv.h>
#include <setjmp.h>
static int invalid_division(void) {
    volatile double zero = 0.0;
    feclearexcept(FE_ALL_EXCEPT);
    volatile double r = zero / zero;
    int t = fetestexcept(FE_INVALID);
    return (t != 0) + (r != r) * 2;
}
static jmp_buf jb;
int main(void) {
    volatile int counter = 0;
    for (volatile int i = 0; i < 1000; i++) counter += i;
    volatile double zero = 0.0, one = 1.0;
    feclearexcept(FE_ALL_EXCEPT);
    volatile double r = one / zero;
    int divbyzero = fetestexcept(FE_DIVBYZERO) != 0;
    feclearexcept(FE_ALL_EXCEPT);
    r = zero / zero;
    int invalid = fetestexcept(FE_INVALID) != 0;
    printf("%d %g %d %d\n", counter, (double)r, divbyzero, invalid);
    volatile int arr[4] = { 1, 2, 3, 4 }; volatile int *pa = arr; int s = 0;
    for (int k = 0; k < 4; k++) s += arr[k] + pa[k];
    volatile struct { int a; double b; } st = { 3, 1.5 }; st.a++; st.b *= 2;
    volatile long double ld = 2.5L; ld += 1;
    volatile char c = 'x'; c++;
    printf("%d %d %g %Lg %c\n", s, st.a, st.b, (long double)ld, c);
    volatile int n = 3; int vla[n]; vla[n - 1] = 5; printf("%d %zu\n", vla[2], sizeof vla);
    volatile int x = 1;
    if (setjmp(jb) == 0) { x = 2; longjmp(jb, 1); }
    printf("%d %d\n", x, invalid_division());
    return 0;
}
