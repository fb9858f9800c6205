/* A further int argument of a variadic call fills its eightbyte: read
   back as a long (which C leaves undefined, and real programs do), the
   stack slot has no garbage in its upper half. A first call with longs
   leaves all-ones in those slots, so that garbage would show. */
#include <stdarg.h>
#include <stdio.h>

__attribute__((noinline)) void show(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int k = 0; k < n; k++)
        printf("%lx ", va_arg(ap, unsigned long));
    printf("\n");
    va_end(ap);
}

int main()
{
    int small = 3;
    unsigned short tiny = 7;
    show(9, 1, 2, 3, 4, 5, -1L, -1L, -1L, -1L);
    show(9, 1, 2, 3, 4, 5, small, tiny, 'c', small + 5);
    return 0;
}
