/* Loop tests that compare memory with a value: each compare reads its
   load as a memory operand (`cmp c, (p, i, 4)`, `cmpw $1000, (p, i, 2)`),
   as gcc does, except where merging would keep an address register alive
   beside its successor (the pointer walk). */
#include <stdio.h>

__attribute__((noinline)) int below(const int *p, int c)
{
    int n = 0;
    while (p[n] < c)
        n++;
    return n;
}

__attribute__((noinline)) int above_thousand(const short *p)
{
    int n = 0;
    while (p[n] > 1000)
        n++;
    return n;
}

__attribute__((noinline)) int until_char(const char *p, char c)
{
    int n = 0;
    while (*p != c) {
        p++;
        n++;
    }
    return n;
}

int main(void)
{
    int ints[] = {1, 2, 3, 9, 4};
    short shorts[] = {2000, 1500, 1001, 1000, 3000};
    printf("%d %d %d\n", below(ints, 5), above_thousand(shorts), until_char("compare", 'p'));
    return 0;
}
