/* GNU C's __real__ and __imag__ operators on every kind of operand:
   casts to typedef names, compound literals, subscripts, dereferences,
   sizeof, and the address of a part. */
#include <stdio.h>
typedef _Complex double cplx;
typedef _Complex float cf;
int main(void) {
  double x = 2.5;
  cplx z = 1.0 + 2.0i;
  printf("%g %g %g\n", __real__ (cplx) x, __imag__ (cplx){3.0} + 1, __imag__ (cplx) z * 2);
  printf("%g %g\n", __real__ (cf) z, sizeof __real__ z + 0.0);
  cplx arr[2] = { z, -z };
  cplx *p = arr;
  printf("%g %g %g\n", __real__ p[1], __imag__ *p, __imag__ (p + 1)[0]);
  double *rp = &__real__ arr[1]; *rp = 9;
  printf("%g\n", __real__ arr[1]);
  return 0;
}
