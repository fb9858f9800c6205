/* Complex members in designated static initializers, complex parameters
   of an old-style definition, comparisons with real operands of other
   types and a complex long converted to double complex. */
#include <stdio.h>
#include <complex.h>
struct s { int n; double complex z; float complex w[2]; };
static struct s g = { .z = 1.0 + 2.0i, .w[1] = 3.0f - 1.0fi, .n = 4 };
static struct s h[] = { { 1, 2i }, [2] = { .w = { 5, 6i } } };
double old_style(z, k) double complex z; int k; { return cimag(z) * k; }
int main(void) {
  printf("%d %g %g %g %g\n", g.n, creal(g.z), cimag(g.z), crealf(g.w[1]), cimagf(g.w[1]));
  printf("%g %g %g\n", cimag(h[0].z), crealf(h[2].w[0]), cimagf(h[2].w[1]));
  printf("%g %g\n", old_style(1.0 + 4.0i, 3), old_style(g.z, 2));
  double complex z = 2.5 - 1.5i;
  double complex x = 3;
  printf("%d %d\n", x == 3.0, x != 3.0f);
  long long big = 123456789012345LL;
  _Complex long cl = big + 1i;
  double complex zd = cl;
  printf("%ld %g\n", __imag__ cl, creal(zd));
  return 0;
}
