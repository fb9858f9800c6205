// inputs: 0 1 2 3  tags: do-while, down-count, early-return, unsigned, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Format an unsigned long in base 2..36 into buf with optional digit grouping
   (separator every `group` digits, 0 = none).  Returns length or -1 on bad args. */
int utoa_base(unsigned long v, int base, int group, char sep, char *buf, int cap)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    char tmp[160];
    int n = 0, g = 0;
    if (base < 2 || base > 36) return -1;
    do {
        if (group > 0 && g == group) {
            tmp[n++] = sep;
            g = 0;
        }
        tmp[n++] = digits[v % (unsigned long)base];
        v /= (unsigned long)base;
        g++;
    } while (v != 0);
    if (n + 1 > cap) return -1;
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

static void t(unsigned long v, int base, int group, char sep)
{
    char buf[96];
    int n = utoa_base(v, base, group, sep, buf, (int)sizeof buf);
    printf("%lu base %d group %d -> %d '%s'\n", v, base, group, n, n >= 0 ? buf : "");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t(0, 10, 0, ',');
        t(5, 1, 0, ',');
        t(5, 37, 0, ',');
        break;
    case 1:
        t(1234567890ul, 10, 3, ',');
        t(255, 2, 4, '_');
        t(0xDEADBEEFul, 16, 4, ':');
        t(18446744073709551615ul, 36, 0, ' ');
        t(18446744073709551615ul, 2, 8, '.');
        break;
    case 2: {
        char small[4];
        int n = utoa_base(12345, 10, 0, ',', small, 4);
        printf("small -> %d\n", n);
        break;
    }
    case 3: {
        char buf[96];
        unsigned long x = 1;
        unsigned h = 0;
        long total = 0;
        for (int i = 0; i < 3000; i++) {
            x = x * 6364136223846793005ul + 1442695040888963407ul;
            int n = utoa_base(x >> (i % 64), 2 + i % 35, i % 5, '\'', buf, (int)sizeof buf);
            total += n;
            for (int k = 0; k < n; k++) h = h * 31u + (unsigned char)buf[k];
        }
        printf("total=%ld hash=%08x\n", total, h);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
