/* long double as gcc computes it: x87 arithmetic, conversions, constants (static and automatic), printf %Lf, returns in %st(0), struct of one long double, strtold. */
#include <stdio.h>
#include <stdlib.h>
#include <float.h>
long double third(void) { return 1.0L / 3; }
long double mix(long double a, int k, double d, long double b) { return a * k + d - b; }
struct wrap { long double v; };
struct wrap wrapped(long double x) { struct wrap w = { x * 2 }; return w; }
static long double table[] = { 0.1L, 1e300L * 1e10L, -2.5L, 1.0L / 7 };
int main() {
  long double x = third();
  printf("%.21Lg\n", x);
  printf("%.21Lg\n", mix(1.5L, 3, 0.25, x));
  printf("%Lf %Le\n", (long double)2 / 3, 12345.678L);
  for (int i = 0; i < 4; i++) printf("[%d] %.20Lg\n", i, table[i]);
  long double s = 0;
  for (int i = 1; i <= 100; i++) s += 1.0L / i;
  printf("harmonic %.20Lg as double %.17g\n", s, (double)s);
  unsigned long long big = 18446744073709551615ULL;
  long double b = big;
  printf("%.0Lf %llu %lld\n", b, (unsigned long long)b, (long long)(b / 4));
  printf("cmp %d %d %d %d\n", x < 0.5L, x > 0.3, x == 1.0L/3, x != x);
  long double y = x; y++; ++y; y -= 0.5; y *= -1;
  printf("y %.20Lg %d\n", y, (int)y);
  printf("wrapped %.20Lg sizeof %zu %zu\n", wrapped(x).v, sizeof(long double), sizeof(struct wrap));
  printf("LDBL_MAX %Lg LDBL_EPSILON %Lg DBL_MIN %g\n", LDBL_MAX, LDBL_EPSILON, DBL_MIN);
  long double z = strtold("3.14159265358979323846264338", 0);
  printf("strtold %.21Lg %s\n", z, z > 3 ? "yes" : "no");
  float f = x; double d = x; int n = -x * 10;
  printf("%.9g %.17g %d %d\n", f, d, n, !x);
  return 0;
}
