// inputs: 0 1 2  tags: unsigned-char, counted-loop, histogram, unsigned, short
#include <stdio.h>
#include <stdlib.h>

/* Byte histogram plus the most frequent byte and the number of distinct bytes. */
int byte_histogram(const unsigned char *buf, unsigned len, unsigned hist[256], unsigned char *mode)
{
    unsigned i;
    int distinct = 0;
    unsigned best = 0;
    unsigned short b;
    for (b = 0; b < 256; b++)
        hist[b] = 0;
    for (i = 0; i < len; i++)
        hist[buf[i]]++;
    *mode = 0;
    for (b = 0; b < 256; b++) {
        if (hist[b])
            distinct++;
        if (hist[b] > best) {
            best = hist[b];
            *mode = (unsigned char)b;
        }
    }
    return distinct;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    unsigned hist[256];
    unsigned char mode = 0;
    int d, i;
    switch (opt) {
    case 0:
        d = byte_histogram((const unsigned char *)"", 0, hist, &mode);
        printf("distinct=%d mode=%u\n", d, mode);
        break;
    case 1: {
        const char *s = "mississippi";
        d = byte_histogram((const unsigned char *)s, 11, hist, &mode);
        printf("distinct=%d mode=%c i=%u s=%u p=%u m=%u\n", d, mode, hist['i'], hist['s'],
               hist['p'], hist['m']);
        break;
    }
    case 2: {
        unsigned n = 1000000, k;
        unsigned char *b = malloc(n);
        unsigned s = 42u;
        for (k = 0; k < n; k++) {
            s = s * 1103515245u + 12345u;
            b[k] = (unsigned char)(((s >> 16) & 0xffu) ^ ((s >> 24) & 0x0fu));
        }
        d = byte_histogram(b, n, hist, &mode);
        unsigned h = 0;
        for (i = 0; i < 256; i++)
            h = h * 31u + hist[i];
        printf("distinct=%d mode=%u count=%u hash=%u\n", d, mode, hist[mode], h);
        free(b);
        break;
    }
    }
    return 0;
}
