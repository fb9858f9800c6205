// inputs: 0 1 2  tags: checksum, bits, nested-loop, unsigned, unsigned-char
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

uint32_t crc32_bitwise(uint32_t crc, const unsigned char *buf, size_t len)
{
    crc = ~crc;
    while (len--) {
        int k;
        crc ^= *buf++;
        for (k = 0; k < 8; k++) {
            if (crc & 1u)
                crc = (crc >> 1) ^ 0xEDB88320u;
            else
                crc >>= 1;
        }
    }
    return ~crc;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        printf("crc=%08x\n", (unsigned)crc32_bitwise(0, (const unsigned char *)"", 0));
        break;
    }
    case 1: {
        const char *s = "123456789";
        printf("crc=%08x\n", (unsigned)crc32_bitwise(0, (const unsigned char *)s, strlen(s)));
        const char *t = "The quick brown fox jumps over the lazy dog";
        printf("crc=%08x\n", (unsigned)crc32_bitwise(0, (const unsigned char *)t, strlen(t)));
        break;
    }
    case 2: {
        size_t n = 100000, i;
        unsigned char *b = malloc(n);
        uint32_t s = 1u;
        for (i = 0; i < n; i++) {
            s = s * 1664525u + 1013904223u;
            b[i] = (unsigned char)(s >> 24);
        }
        uint32_t c = 0;
        c = crc32_bitwise(c, b, n / 2);
        printf("half=%08x\n", (unsigned)c);
        c = crc32_bitwise(c, b + n / 2, n - n / 2);
        printf("full=%08x\n", (unsigned)c);
        free(b);
        break;
    }
    }
    return 0;
}
