// inputs: 0 1 2 3  tags: string, compression, while-loop, nested-loop, pointer-walk
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Encodes runs as <count><char> for runs of 3+ (count capped at 9),
 * copies shorter runs verbatim. Returns output length. */
int rle_encode(const char *in, char *out)
{
    char *o = out;
    while (*in) {
        char c = *in;
        int run = 1;
        while (in[run] == c && run < 9)
            run++;
        if (run >= 3) {
            *o++ = (char)('0' + run);
            *o++ = c;
        } else {
            int k;
            for (k = 0; k < run; k++)
                *o++ = c;
        }
        in += run;
    }
    *o = '\0';
    return (int)(o - out);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char out[256];
    switch (opt) {
    case 0:
        printf("%d [%s]\n", rle_encode("", out), out);
        break;
    case 1: {
        int n = rle_encode("abcdd", out);
        printf("%d [%s]\n", n, out);
        break;
    }
    case 2: {
        int n = rle_encode("aaabccccccccccccddddeeffffffffffffffffffffx", out);
        printf("%d [%s]\n", n, out);
        break;
    }
    case 3: {
        char in[121];
        unsigned s = 10u;
        int i = 0;
        while (i < 120) {
            s = s * 1103515245u + 12345u;
            int run = 1 + (int)((s >> 16) % 6u);
            char c = (char)('a' + (s >> 24) % 4u);
            while (run-- > 0 && i < 120)
                in[i++] = c;
        }
        in[120] = '\0';
        int n = rle_encode(in, out);
        printf("in=[%s]\n%d [%s]\n", in, n, out);
        break;
    }
    }
    return 0;
}
