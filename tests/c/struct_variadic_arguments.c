/* Structs and unions through a variadic function: va_arg of every class (INTEGER, SSE, mixed, MEMORY, partial eightbytes), in and out of the register save area. */
#include <stdio.h>
#include <stdarg.h>
struct i2 { int a, b; };
struct d2 { double x, y; };
struct mx { long l; double d; };
struct f3 { float a, b, c; };
struct big { long a, b, c; };
struct c3 { char c[3]; };
void show(int n, ...) {
  va_list ap; va_start(ap, n);
  for (int k = 0; k < n; k++) {
    int tag = va_arg(ap, int);
    switch (tag) {
    case 0: { struct i2 v = va_arg(ap, struct i2); printf("i2 %d %d\n", v.a, v.b); break; }
    case 1: { struct d2 v = va_arg(ap, struct d2); printf("d2 %g %g\n", v.x, v.y); break; }
    case 2: { struct mx v = va_arg(ap, struct mx); printf("mx %ld %g\n", v.l, v.d); break; }
    case 3: { struct f3 v = va_arg(ap, struct f3); printf("f3 %g %g %g\n", v.a, v.b, v.c); break; }
    case 4: { struct big v = va_arg(ap, struct big); printf("big %ld %ld %ld\n", v.a, v.b, v.c); break; }
    case 5: { struct c3 v = va_arg(ap, struct c3); printf("c3 %d %d %d\n", v.c[0], v.c[1], v.c[2]); break; }
    case 6: { double d = va_arg(ap, double); printf("d %g\n", d); break; }
    }
  }
  va_end(ap);
}
int main() {
  struct i2 a = {1, 2}; struct d2 b = {3.5, 4.5}; struct mx c = {5, 6.5}; struct f3 d = {7, 8, 9};
  struct big e = {10, 11, 12}; struct c3 f = {{13, 14, 15}};
  show(6, 0, a, 1, b, 2, c, 3, d, 4, e, 5, f);
  show(14, 1, b, 1, b, 1, b, 6, 1.0, 1, b, 0, a, 0, a, 2, c, 0, a, 2, c, 3, d, 5, f, 4, e, 1, b);
  return 0;
}
