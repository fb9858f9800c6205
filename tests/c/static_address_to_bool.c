/* An address constant converted to _Bool in a static initializer is 1:
   the address of an object or function is never null (GCC folds it).
   gnulib's test-stdbool.c (GNU m4 1.4.19's `make check`) has
   `bool e = &s;`, which nissecc rejected as not a compile-time constant. */
#include <stdbool.h>
#include <stdio.h>

struct s { int a; } s;
int arr[4];
int main(void);
static const char text[] = "text";

bool e = &s;
_Bool f = (_Bool)&arr[2];
bool g = main;
static bool h = (bool)text;

int main(void) {
    printf("%d %d %d %d %zu\n", e, f, g, h, sizeof e);
    return 0;
}
