// inputs: 0 1 2 3  tags: while-loop, nested-loop, string, table-driven, early-return
#include <stdio.h>
#include <stdlib.h>

/* Writes the Roman numeral for v (1..3999); returns its length or -1. */
int int_to_roman(int v, char *out)
{
    static const int val[13] = { 1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1 };
    static const char *sym[13] = { "M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I" };
    int i = 0, n = 0;
    if (v <= 0 || v >= 4000) {
        out[0] = '\0';
        return -1;
    }
    while (v > 0) {
        while (val[i] > v)
            i++;
        const char *s = sym[i];
        while (*s)
            out[n++] = *s++;
        v -= val[i];
    }
    out[n] = '\0';
    return n;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char buf[32];
    int n, i;
    switch (opt) {
    case 0:
        n = int_to_roman(0, buf);
        printf("%d [%s]\n", n, buf);
        n = int_to_roman(4000, buf);
        printf("%d [%s]\n", n, buf);
        break;
    case 1:
        n = int_to_roman(1994, buf);
        printf("%d [%s]\n", n, buf);
        break;
    case 2:
        n = int_to_roman(3888, buf);
        printf("%d [%s]\n", n, buf);
        break;
    case 3: {
        long total = 0;
        int longest = 0, at = 0;
        for (i = 1; i < 4000; i++) {
            n = int_to_roman(i, buf);
            total += n;
            if (n > longest) {
                longest = n;
                at = i;
            }
        }
        n = int_to_roman(at, buf);
        printf("total=%ld longest=%d at=%d [%s]\n", total, longest, at, buf);
        break;
    }
    }
    return 0;
}
