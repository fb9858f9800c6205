// inputs: 0 1 2 3  tags: down-count, checksum, string, early-return, conditionals
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Luhn checksum over a digit string (spaces ignored). Returns 1 valid,
 * 0 invalid, -1 on a non-digit character or too few digits. */
int luhn_valid(const char *num)
{
    int i = (int)strlen(num) - 1;
    int sum = 0, dbl = 0, digits = 0;
    for (; i >= 0; i--) {
        char c = num[i];
        int d;
        if (c == ' ')
            continue;
        if (c < '0' || c > '9')
            return -1;
        d = c - '0';
        if (dbl) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
        dbl = !dbl;
        digits++;
    }
    if (digits < 2)
        return -1;
    return sum % 10 == 0;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[4][3] = {
        { "", "7", "   " },
        { "79927398713", "4539 3195 0343 6467", "8273 1232 7352 0569" },
        { "1234-5678", "0000 0000", "4111111111111111" },
        { "49927398716", "49927398717", "1234567812345670" }
    };
    int i;
    if (opt < 0 || opt > 3)
        return 0;
    for (i = 0; i < 3; i++)
        printf("[%s] -> %d\n", in[opt][i], luhn_valid(in[opt][i]));
    return 0;
}
