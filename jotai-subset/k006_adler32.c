// inputs: 0 1 2  tags: checksum, unsigned, unsigned-char, nested-loop
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define ADLER_MOD 65521u
#define ADLER_NMAX 5552

uint32_t adler32(uint32_t adler, const unsigned char *buf, size_t len)
{
    uint32_t a = adler & 0xffffu;
    uint32_t b = (adler >> 16) & 0xffffu;
    if (buf == NULL)
        return 1u;
    while (len > 0) {
        size_t chunk = len < ADLER_NMAX ? len : ADLER_NMAX;
        len -= chunk;
        while (chunk >= 4) {
            a += buf[0]; b += a;
            a += buf[1]; b += a;
            a += buf[2]; b += a;
            a += buf[3]; b += a;
            buf += 4;
            chunk -= 4;
        }
        while (chunk--) {
            a += *buf++;
            b += a;
        }
        a %= ADLER_MOD;
        b %= ADLER_MOD;
    }
    return (b << 16) | a;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("null=%08x\n", (unsigned)adler32(0, NULL, 0));
        printf("empty=%08x\n", (unsigned)adler32(1u, (const unsigned char *)"", 0));
        break;
    case 1: {
        const char *s = "Wikipedia";
        printf("a=%08x\n", (unsigned)adler32(1u, (const unsigned char *)s, strlen(s)));
        break;
    }
    case 2: {
        size_t n = 200000, i;
        unsigned char *b = malloc(n);
        uint32_t s = 5u;
        for (i = 0; i < n; i++) {
            s = s * 1664525u + 1013904223u;
            b[i] = (unsigned char)(s >> 23);
        }
        uint32_t ad = 1u;
        int rep;
        for (rep = 0; rep < 6; rep++) {
            ad = adler32(ad, b + rep, n - (size_t)rep * 7);
            printf("rep %d: %08x\n", rep, (unsigned)ad);
        }
        free(b);
        break;
    }
    }
    return 0;
}
