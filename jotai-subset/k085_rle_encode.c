// inputs: 0 1 2 3  tags: while-loop, multi-inc, multi-exit, early-return, codec
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PackBits-style run-length encoder.
   Runs of 3..128 equal bytes become (257-len, byte); literals become (len-1, bytes...).
   Returns output length, or -1 if the output buffer is too small. */
int rle_encode(const unsigned char *in, int len, unsigned char *out, int cap)
{
    int i = 0, o = 0;
    while (i < len) {
        int run = 1;
        while (i + run < len && run < 128 && in[i + run] == in[i])
            run++;
        if (run >= 3) {
            if (o + 2 > cap) return -1;
            out[o++] = (unsigned char)(257 - run);
            out[o++] = in[i];
            i += run;
            continue;
        }
        /* literal block: extend until a run of 3 begins or 128 bytes */
        int start = i;
        int lit = 0;
        while (i < len && lit < 128) {
            if (i + 2 < len && in[i] == in[i + 1] && in[i] == in[i + 2])
                break;
            i++;
            lit++;
        }
        if (o + 1 + lit > cap) return -1;
        out[o++] = (unsigned char)(lit - 1);
        memcpy(out + o, in + start, (size_t)lit);
        o += lit;
    }
    return o;
}

static void dump(const unsigned char *b, int n)
{
    for (int i = 0; i < n; i++) printf("%02x%s", b[i], (i % 24 == 23) ? "\n" : " ");
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    unsigned char out[2048];
    switch (opt) {
    case 0: {
        unsigned char in[1] = {0};
        int r = rle_encode(in, 0, out, (int)sizeof out);
        printf("empty -> %d\n", r);
        break;
    }
    case 1: {
        const char *s = "AAAAABBBCDEFFFFFFFFFFGHHIJJJJ";
        int r = rle_encode((const unsigned char *)s, (int)strlen(s), out, (int)sizeof out);
        printf("r=%d\n", r);
        dump(out, r);
        r = rle_encode((const unsigned char *)s, (int)strlen(s), out, 6);
        printf("capped r=%d\n", r);
        break;
    }
    case 2: {
        unsigned char in[1000];
        unsigned seed = 3u;
        for (int i = 0; i < 1000; i++) {
            seed = seed * 1103515245u + 12345u;
            in[i] = (unsigned char)((seed >> 16) % 3 == 0 ? (seed >> 20) & 0xFF : (i / 50) & 0xFF);
        }
        int r = rle_encode(in, 1000, out, (int)sizeof out);
        unsigned h = 0;
        for (int i = 0; i < r; i++) h = h * 31u + out[i];
        printf("r=%d hash=%08x\n", r, h);
        dump(out, r < 48 ? r : 48);
        break;
    }
    case 3: {
        unsigned char in[300];
        memset(in, 0x55, sizeof in);
        int r = rle_encode(in, 300, out, (int)sizeof out);
        printf("r=%d\n", r);
        dump(out, r);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
