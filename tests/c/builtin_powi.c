/* __builtin_powi and __builtin_powif are libgcc's __powidf2 and
   __powisf2, whatever the program calls its own functions: this one
   defines a `powi` that uses the builtin (gcc.dg's pr19402-2), which a
   call to `powi` would turn into endless recursion. */
#include <stdio.h>

double powi(double x, int n) { return __builtin_powi(x, n); }
float powif(float x, int n) { return __builtin_powif(x, n); }

int main() {
    int exponents[] = { -3, -1, 0, 1, 2, 5, 10, 31 };
    for (int i = 0; i < 8; i++) {
        int n = exponents[i];
        printf("%d: %.17g %.9g %.17g\n", n, powi(1.5, n), (double)powif(-2.5f, n), __builtin_powi(0.5, n));
    }
    printf("%.17g\n", __builtin_powi(3, 4));
    return 0;
}
