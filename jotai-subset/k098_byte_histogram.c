// inputs: 0 1 2  tags: unsigned-char, counted-loop, histogram, multi-exit, do-while
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Build a byte histogram, then report the most frequent byte, the number of distinct
   bytes and the Shannon-like "bits" estimate computed with integer log2. */
int byte_histogram(const unsigned char *buf, unsigned len, unsigned *hist,
                   unsigned char *mode, unsigned *distinct)
{
    memset(hist, 0, 256 * sizeof *hist);
    for (unsigned i = 0; i < len; i++)
        hist[buf[i]]++;
    unsigned char c = 0;
    unsigned best = 0;
    *distinct = 0;
    *mode = 0;
    do {
        if (hist[c]) {
            (*distinct)++;
            if (hist[c] > best) { best = hist[c]; *mode = c; }
        }
        c++;
    } while (c != 0);      /* unsigned char wraps after 255 */
    if (len == 0) return 0;
    int bits = 0;
    for (unsigned char k = 255; ; k--) {
        if (hist[k]) {
            unsigned ratio = len / hist[k];
            int lg = 0;
            while (ratio > 1) { ratio >>= 1; lg++; }
            bits += lg * (int)hist[k];
        }
        if (k == 0) break;
    }
    return bits;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    unsigned hist[256];
    unsigned char mode;
    unsigned distinct;
    switch (opt) {
    case 0: {
        unsigned char b[1] = {0};
        int bits = byte_histogram(b, 0, hist, &mode, &distinct);
        printf("bits=%d mode=%u distinct=%u\n", bits, mode, distinct);
        break;
    }
    case 1: {
        const char *s = "abracadabra, alakazam!";
        int bits = byte_histogram((const unsigned char *)s, (unsigned)strlen(s), hist, &mode, &distinct);
        printf("bits=%d mode='%c' distinct=%u\n", bits, mode, distinct);
        for (int i = 0; i < 256; i++) if (hist[i]) printf("%c:%u ", i, hist[i]);
        printf("\n");
        break;
    }
    case 2: {
        unsigned n = 100000;
        unsigned char *b = malloc(n);
        unsigned seed = 123u;
        for (unsigned i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            b[i] = (unsigned char)((r & 1) ? (r >> 4) & 0xFF : (r >> 4) & 0x0F);
        }
        int bits = byte_histogram(b, n, hist, &mode, &distinct);
        printf("bits=%d mode=%u distinct=%u\n", bits, mode, distinct);
        unsigned h = 0;
        for (int i = 0; i < 256; i++) h = h * 31u + hist[i];
        printf("hist hash=%08x h[0]=%u h[15]=%u h[255]=%u\n", h, hist[0], hist[15], hist[255]);
        free(b);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
