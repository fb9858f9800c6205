/* Classification of long double values (isnan, isinf, isfinite, signbit) and the long double builtins of <math.h>. */
#include <stdio.h>
#include <math.h>
int main(void) {
  long double a = 1.0L / 0.0L, b = a - a, c = -0.0L, d = 2.0L;
  printf("%d %d %d %d\n", isnan(b), isinf(a), signbit(c) != 0, isfinite(d));
  printf("%Lg %Lg %Lg\n", sqrtl(d), fabsl(-d), __builtin_huge_vall());
  printf("%Lg %d\n", __builtin_infl(), isnan(__builtin_nanl("")));
  long double e = __builtin_fabsl(-3.5L);
  printf("%Lg %Lg\n", e, powl(2.0L, 70));
  _Bool t = d; printf("%d\n", t);
  return 0;
}
