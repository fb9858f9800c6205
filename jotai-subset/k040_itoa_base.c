// inputs: 0 1 2 3  tags: do-while, string, numeric, long, two-pointer
#include <stdio.h>
#include <stdlib.h>

/* Converts v to text in the given base (2..36); returns length, or -1 for a
 * bad base. */
int itoa_base(long v, int base, char *out)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    unsigned long u;
    int n = 0, i, j;
    if (base < 2 || base > 36) {
        out[0] = '\0';
        return -1;
    }
    if (v < 0) {
        u = (unsigned long)(-(v + 1)) + 1ul;
        out[n++] = '-';
    } else {
        u = (unsigned long)v;
    }
    i = n;
    do {
        out[n++] = digits[u % (unsigned long)base];
        u /= (unsigned long)base;
    } while (u != 0);
    out[n] = '\0';
    for (j = n - 1; i < j; i++, j--) {
        char t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
    return n;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char buf[80];
    int n;
    switch (opt) {
    case 0:
        n = itoa_base(123, 1, buf);
        printf("n=%d [%s]\n", n, buf);
        n = itoa_base(0, 10, buf);
        printf("n=%d [%s]\n", n, buf);
        break;
    case 1:
        n = itoa_base(255, 16, buf);
        printf("n=%d [%s]\n", n, buf);
        n = itoa_base(-42, 10, buf);
        printf("n=%d [%s]\n", n, buf);
        break;
    case 2:
        n = itoa_base(-9223372036854775807L - 1, 2, buf);
        printf("n=%d [%s]\n", n, buf);
        n = itoa_base(9223372036854775807L, 36, buf);
        printf("n=%d [%s]\n", n, buf);
        break;
    case 3: {
        long v = 1;
        int b;
        for (b = 2; b <= 36; b += 5) {
            v = v * 7 + b;
            n = itoa_base(v, b, buf);
            printf("base %d: %s (%d)\n", b, buf, n);
        }
        break;
    }
    }
    return 0;
}
