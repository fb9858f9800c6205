// inputs: 0 1 2 3  tags: switch, parser, early-return, unsigned-char, counted-loop
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
    switch (c) {
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return c - '0';
    case 'a': case 'b': case 'c': case 'd': case 'e': case 'f':
        return c - 'a' + 10;
    case 'A': case 'B': case 'C': case 'D': case 'E': case 'F':
        return c - 'A' + 10;
    default:
        return -1;
    }
}

/* Decodes hex text to bytes. Returns byte count, -1 odd length, -2 bad digit,
 * -3 output too small. */
int hex_decode(const char *hex, unsigned char *out, int cap)
{
    int len = (int)strlen(hex);
    int i;
    if (len % 2 != 0)
        return -1;
    if (len / 2 > cap)
        return -3;
    for (i = 0; i < len; i += 2) {
        int hi = hexval(hex[i]);
        int lo = hexval(hex[i + 1]);
        if (hi < 0 || lo < 0)
            return -2;
        out[i / 2] = (unsigned char)(hi << 4 | lo);
    }
    return len / 2;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    unsigned char out[32];
    const char *in[4] = { "abc", "DeadBeef00ff7F", "12zz", "00112233445566778899aabbccddeeff0011223344556677889900aabbccddeeff" };
    int i;
    if (opt < 0 || opt > 3)
        return 0;
    memset(out, 0, sizeof out);
    int n = hex_decode(in[opt], out, 32);
    printf("n=%d:", n);
    for (i = 0; i < n; i++)
        printf(" %u", out[i]);
    printf("\n");
    return 0;
}
