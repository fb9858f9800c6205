/* GCC's __auto_type, as Linux-style min/max/swap macros use it: the
 * variable takes the type of its initializer after lvalue conversion
 * (arrays and functions decay, qualifiers of the specifiers stay), in
 * blocks, for-loop declarations and at file scope. */
#include <stdio.h>

#define max(a, b) ({ __auto_type _a = (a); __auto_type _b = (b); _a > _b ? _a : _b; })
#define swap(x, y) do { __auto_type _t = (x); (x) = (y); (y) = _t; } while (0)

static __auto_type global_count = 40L;
static const char name[] = "array";

static int twice(int v) { return 2 * v; }

int main(void) {
    __auto_type x = 5L;
    const __auto_type c = 'c';
    __auto_type p = name;
    __auto_type f = twice;
    __auto_type u = (unsigned char)200;
    double d = max(2.5, 1);
    int i = 3, j = 9;
    swap(i, j);
    for (__auto_type k = 0u; k < 2; k++)
        printf("k%u ", k);
    printf("\n%zu %zu %zu %zu %zu\n", sizeof x, sizeof c, sizeof p, sizeof global_count, sizeof u);
    printf("%g %d %d %d %s %d %ld\n", d, max(3, 9), i, j, p, f(21), global_count);
    __auto_type neg = -u;
    __auto_type big = max(4000000000u, 3u);
    printf("%d %zu %u %d\n", neg, sizeof neg, big, big > 0);
    return 0;
}
