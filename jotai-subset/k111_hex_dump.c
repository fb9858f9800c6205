// inputs: 0 1 2 3  tags: stride-loop, nested-loop, counted-loop, string, formatting, multi-inc
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Produce a classic 16-bytes-per-line hex dump into out (NUL-terminated).
   Each line: 8-digit offset, hex bytes (extra gap after 8), ASCII column.
   Returns number of characters written, or -1 if out_cap is too small. */
long hex_dump(const unsigned char *data, long len, char *out, long out_cap)
{
    static const char hexd[] = "0123456789abcdef";
    long o = 0;
    for (long base = 0; base < len; base += 16) {
        if (o + 80 > out_cap) return -1;
        unsigned long off = (unsigned long)base;
        for (int sh = 28; sh >= 0; sh -= 4)
            out[o++] = hexd[(off >> sh) & 15u];
        out[o++] = ' ';
        out[o++] = ' ';
        for (int i = 0; i < 16; i++) {
            if (base + i < len) {
                out[o++] = hexd[data[base + i] >> 4];
                out[o++] = hexd[data[base + i] & 15];
            } else {
                out[o++] = ' ';
                out[o++] = ' ';
            }
            out[o++] = ' ';
            if (i == 7) out[o++] = ' ';
        }
        out[o++] = '|';
        for (int i = 0; i < 16 && base + i < len; i++) {
            unsigned char c = data[base + i];
            out[o++] = (c >= 32 && c < 127) ? (char)c : '.';
        }
        out[o++] = '|';
        out[o++] = '\n';
    }
    if (o + 1 > out_cap) return -1;
    out[o] = '\0';
    return o;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        char out[8];
        long r = hex_dump((const unsigned char *)"", 0, out, sizeof out);
        printf("r=%ld [%s]\n", r, out);
        break;
    }
    case 1: {
        char out[1024];
        const char *s = "Hello, hex dump!\n\tTabs & bytes\x01\x7f";
        long r = hex_dump((const unsigned char *)s, (long)strlen(s), out, sizeof out);
        printf("r=%ld\n%s", r, out);
        break;
    }
    case 2: {
        char out[100];
        unsigned char d[40];
        for (int i = 0; i < 40; i++) d[i] = (unsigned char)(i * 7);
        long r = hex_dump(d, 40, out, sizeof out);
        printf("small buffer r=%ld\n", r);
        break;
    }
    case 3: {
        long n = 20000;
        unsigned char *d = malloc((size_t)n);
        unsigned seed = 12u;
        for (long i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            d[i] = (unsigned char)(seed >> 16);
        }
        long cap = (n / 16 + 1) * 80 + 1;
        char *out = malloc((size_t)cap);
        long r = hex_dump(d, n, out, cap);
        unsigned h = 0;
        for (long i = 0; i < r; i++) h = h * 31u + (unsigned char)out[i];
        printf("r=%ld hash=%08x\n", r, h);
        printf("%.158s", out + r - 158);
        free(out);
        free(d);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
