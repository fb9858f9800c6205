/* GCC's __auto_type in the statement-expression macros real programs
   write (max, swap), with initializers holding calls, commas inside
   parentheses and nested statement expressions; the initializer runs once. */
#include <stdio.h>

#define MAX(a, b) ({ __auto_type _a = (a); __auto_type _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) do { __auto_type _t = (x); (x) = (y); (y) = _t; } while (0)

static int calls;
static int next(void) { return ++calls * 10; }
static int pair(int a, int b) { return a * 100 + b; }

int main(void) {
    int i = 3, j = 9;
    SWAP(i, j);
    printf("%d %d\n", i, j);
    double d = MAX(2.5, 1);
    printf("%g %d\n", d, MAX(next(), 15));
    printf("%d\n", calls);
    __auto_type big = 1ULL << 40;
    __auto_type p = &big;
    __auto_type q = pair((1, 2), 3);
    __auto_type nested = ({ __auto_type inner = next(); inner + 1; });
    printf("%zu %llu %d %d %d\n", sizeof big, *p, q, nested, calls);
    const char *s = "text";
    __auto_type c = s[1];
    printf("%zu %c\n", sizeof c, c);
    return 0;
}
