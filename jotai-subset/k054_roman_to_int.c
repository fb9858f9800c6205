// inputs: 0 1 2 3  tags: switch, pointer-walk, parser, string, early-return
#include <stdio.h>
#include <stdlib.h>

static int rv(char c)
{
    switch (c) {
    case 'I': return 1;
    case 'V': return 5;
    case 'X': return 10;
    case 'L': return 50;
    case 'C': return 100;
    case 'D': return 500;
    case 'M': return 1000;
    default: return 0;
    }
}

/* Converts a Roman numeral; returns -1 on an invalid character. */
int roman_to_int(const char *s)
{
    int total = 0;
    const char *p = s;
    while (*p) {
        int v = rv(*p);
        int next;
        if (v == 0)
            return -1;
        next = rv(p[1]);
        if (next > v)
            total -= v;
        else
            total += v;
        p++;
    }
    return total;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[4][4] = {
        { "", "", "", "" },
        { "III", "IV", "IX", "LVIII" },
        { "MCMXCIV", "MMXXIV", "CDXLIV", "MMMCMXCIX" },
        { "XIZ", "mcm", "X", "MDCLXVI" }
    };
    int i;
    if (opt < 0 || opt > 3)
        return 0;
    for (i = 0; i < 4; i++)
        printf("%s -> %d\n", in[opt][i], roman_to_int(in[opt][i]));
    return 0;
}
