/* K&R definitions with promoted char, short and float parameters, implicit int, an implicitly declared function, and main without a return statement. */
#include <stdio.h>
int add(a, b) int a; int b; { return a + b; }
double scale(x, k) double x; { return x * k; }
int chars(c, s) char c; short s; { return c + s; }
static float fhalf(f) float f; { return f / 2; }
int deflt(n) { return n * 2; }
int fwd();
int main()
{
    printf("%d %g %d %g %d\n", add(1, 2), scale(1.5, 3), chars(1, 2), fhalf(3.0f), deflt(4));
    printf("%d\n", fwd(5));
    printf("%d\n", undeclared_fn(3));
}
int fwd(x) int x; { return x + 100; }
int undeclared_fn(int y) { return y * 7; }
