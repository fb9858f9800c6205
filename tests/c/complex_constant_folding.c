/* Products and quotients of complex constants, which gcc folds with
   correct rounding even at -O0 (where __divdc3 would round otherwise),
   in static initializers and in function bodies; a non-finite quotient
   is left to run time. */
#include <stdio.h>
#include <complex.h>
static double complex s1 = (1.0 + 2.0i) * (3.0 - 4.0i);
static double complex s2 = (1.0 + 2.0i) / (3.0 + 4.0i);
static float complex s3 = (1.5f + 2.0fi) * (0.25f - 4.0fi);
static float complex s4 = (1.0f + 2.0fi) / (3.0f + 7.0fi);
static double complex s5 = (1.0 + 2.0i) / (3.0 + 7.0i);
static _Complex int s6 = (7 + 3i) / (2 - 5i);
static _Complex int s7 = (7 + 3i) * (2 - 5i);
int main(void) {
  double complex a = (1.0 + 2.0i) * (3.0 - 4.0i);
  double complex b = (1.0 + 2.0i) / (3.0 + 7.0i);
  float complex c = (1.0f + 2.0fi) / (3.0f + 7.0fi);
  double complex d = (0.5 + 0.25i) * 3.0i;
  double complex e = (1.0 + 2.0i) / (0.0 + 0.0i);
  double complex f = 1.0 / (3.0 + 7.0i);
  float complex g = 2 / (3.0f + 7.0fi);
  printf("%a %a %a %a\n", creal(f), cimag(f), crealf(g), cimagf(g));
  printf("%a %a\n%a %a\n%a %a\n%a %a\n%a %a\n", creal(s1), cimag(s1), creal(s2), cimag(s2), crealf(s3), cimagf(s3), crealf(s4), cimagf(s4), creal(s5), cimag(s5));
  printf("%d %d %d %d\n", __real__ s6, __imag__ s6, __real__ s7, __imag__ s7);
  printf("%a %a\n%a %a\n%a %a\n%a %a\n%a %a\n", creal(a), cimag(a), creal(b), cimag(b), crealf(c), cimagf(c), creal(d), cimag(d), creal(e), cimag(e));
  return 0;
}
