// inputs: 0 1 2  tags: do-while, while-loop, early-return, codec, signed-char
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decode "count,byte" pairs where count is a signed char: count>=0 means
   count+1 literal bytes follow; count<0 means repeat next byte 1-count times. */
int rle_decode(const signed char *in, int len, unsigned char *out, int cap)
{
    int i = 0, o = 0;
    while (i < len) {
        signed char c = in[i++];
        if (c >= 0) {
            signed char k = c;
            if (i + k + 1 > len || o + k + 1 > cap) return -1;
            do {
                out[o++] = (unsigned char)in[i++];
                k--;
            } while (k >= 0);
        } else if (c == -128) {
            continue; /* no-op marker */
        } else {
            if (i >= len) return -1;
            int reps = 1 - c;
            if (o + reps > cap) return -2;
            unsigned char b = (unsigned char)in[i++];
            do {
                out[o++] = b;
            } while (--reps);
        }
    }
    return o;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    unsigned char out[512];
    switch (opt) {
    case 0: {
        signed char in[1] = {0};
        printf("empty -> %d\n", rle_decode(in, 0, out, (int)sizeof out));
        signed char bad[2] = {5, 'a'};
        printf("truncated literal -> %d\n", rle_decode(bad, 2, out, (int)sizeof out));
        signed char bad2[1] = {-3};
        printf("truncated run -> %d\n", rle_decode(bad2, 1, out, (int)sizeof out));
        break;
    }
    case 1: {
        signed char in[] = {-4, 'A', 2, 'x', 'y', 'z', -128, -1, 'B', 0, '!', -9, '.'};
        int r = rle_decode(in, (int)sizeof in, out, (int)sizeof out);
        printf("r=%d \"", r);
        for (int i = 0; i < r; i++) putchar(out[i]);
        printf("\"\n");
        r = rle_decode(in, (int)sizeof in, out, 8);
        printf("capped r=%d\n", r);
        break;
    }
    case 2: {
        signed char in[120];
        int n = 0;
        unsigned seed = 17u;
        while (n < 110) {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) & 1) {
                in[n++] = (signed char)(-(int)((seed >> 18) % 6));
                in[n++] = (signed char)('a' + (seed >> 22) % 26);
            } else {
                int k = (int)((seed >> 18) % 4);
                in[n++] = (signed char)k;
                for (int j = 0; j <= k; j++) in[n++] = (signed char)('0' + j);
            }
        }
        int r = rle_decode(in, n, out, (int)sizeof out);
        printf("n=%d r=%d \"", n, r);
        for (int i = 0; i < r; i++) putchar(out[i]);
        printf("\"\n");
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
