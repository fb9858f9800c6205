/* Loops whose variables count their own iterations (SESE counters). */
#include <stdio.h>

/* A scan from a variable start: the variable steps by one byte. */
long span(const char *s, char stop)
{
    const char *p = s;
    while (*p && *p != stop)
        p++;
    return p - s;
}

/* A walk over ints from a variable start: the pointer steps by four. */
int sum_until_negative(const int *a, const int *end)
{
    int total = 0;
    for (const int *p = a; p != end; p++) {
        if (*p < 0)
            break;
        total += *p;
    }
    return total;
}

int main(void)
{
    int data[] = { 3, 1, 4, 1, 5, 9, 2, 6, -5, 3 };
    long n = 0;
    for (int i = 0; i < 5; i++)
        n += span("profile counters" + i, 'c') + sum_until_negative(data + i, data + 10);
    printf("%ld\n", n);
    return 0;
}
