/* Loop tests that compare memory with a value: each compare reads its
   load as a memory operand (`cmp c, (p, i, 4)`, `cmpw $1000, (p, i, 2)`),
   as gcc does, except where merging would keep an address register alive
   beside its successor. A pointer walk reads its load through the
   incremented pointer instead (`add $1, %rax; cmpb $0, (%rax)`), and a
   test of a loaded value against zero is a compare in memory. */
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

__attribute__((noinline)) long string_length(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return p - s;
}

__attribute__((noinline)) int first_zero_word(const long *p)
{
    int n = 0;
    while (p[0]) {
        p += 2;
        n++;
    }
    return n;
}

int main(void)
{
    int ints[] = {1, 2, 3, 9, 4};
    short shorts[] = {2000, 1500, 1001, 1000, 3000};
    long words[] = {7, 0, -1, 0, 0, 5};
    printf("%d %d %d\n", below(ints, 5), above_thousand(shorts), until_char("compare", 'p'));
    printf("%ld %ld %d\n", string_length("memory operand"), string_length(""), first_zero_word(words));
    return 0;
}
