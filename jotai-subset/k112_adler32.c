// inputs: 0 1 2 3  tags: nested-loop, counted-loop, stride-loop, checksum, unsigned
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/* Adler-32 with deferred modulo: process blocks of at most 5552 bytes,
   inner loop unrolled by 4. */
uint32_t adler32(uint32_t adler, const unsigned char *buf, size_t len)
{
    uint32_t a = adler & 0xFFFFu;
    uint32_t b = (adler >> 16) & 0xFFFFu;
    if (len == 1) {
        a += buf[0];
        if (a >= 65521u) a -= 65521u;
        b += a;
        if (b >= 65521u) b -= 65521u;
        return (b << 16) | a;
    }
    while (len > 0) {
        size_t block = len < 5552 ? len : 5552;
        len -= block;
        while (block >= 4) {
            a += buf[0]; b += a;
            a += buf[1]; b += a;
            a += buf[2]; b += a;
            a += buf[3]; b += a;
            buf += 4;
            block -= 4;
        }
        while (block--) {
            a += *buf++;
            b += a;
        }
        a %= 65521u;
        b %= 65521u;
    }
    return (b << 16) | a;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        unsigned char z[1] = {0};
        printf("empty=%08x\n", (unsigned)adler32(1u, z, 0));
        break;
    }
    case 1: {
        const char *s = "Wikipedia";
        printf("adler(%s)=%08x\n", s, (unsigned)adler32(1u, (const unsigned char *)s, strlen(s)));
        uint32_t r = 1u;
        for (const char *p = s; *p; p++) r = adler32(r, (const unsigned char *)p, 1);
        printf("bytewise=%08x\n", (unsigned)r);
        break;
    }
    case 2: {
        unsigned char buf[6000];
        memset(buf, 0xFF, sizeof buf);
        printf("ff*6000=%08x\n", (unsigned)adler32(1u, buf, sizeof buf));
        break;
    }
    case 3: {
        size_t n = 700000;
        unsigned char *buf = malloc(n);
        unsigned seed = 2u;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = (unsigned char)(seed >> 16);
        }
        uint32_t r = adler32(1u, buf, n);
        uint32_t r2 = adler32(adler32(1u, buf, 777), buf + 777, n - 777);
        printf("adler=%08x split=%08x\n", (unsigned)r, (unsigned)r2);
        free(buf);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
