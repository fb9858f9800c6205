#include <stdio.h>
static counter = 0;
int foo();
int next_i() { return ++counter; }
int add(a, b) int a; char b; { return a + b; }
double scale(x, f) float f; double x; { return x * f; }
g(x) { return x * 2; }
typedef int T;
int usesT(int T) { return T + 1; }
int conflict_free(void);
int conflict_free(void) { return 3; }
int main() {
  int (*fp)() = add;
  int (*pf)(const char *, ...) = printf;
  printf("%d %d %d %g\n", next_i(), next_i(), add(3, 4), scale(2.0, 1.5f));
  printf("%d %d %d\n", foo(5), g(21), add(1,2));
  printf("%s %d %f\n", "via pointer", 7, 2.5);
  printf("%d %d\n", helper(3), usesT(4));
  { T x = 3; int T = x + 1; printf("%d\n", T); }
  T y = 9; printf("%d %d\n", y, conflict_free());
  return 0;
}
int foo(int a) { return a * 10; }
int helper(int x) { return x + 100; }
