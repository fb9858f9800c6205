// inputs: 0 1 2  tags: counted-loop, nested-loop, pointer-walk, unsigned, bits, checksum
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Table-driven CRC-32 (IEEE 802.3, reflected).  Builds the table lazily. */
uint32_t crc32_update(const unsigned char *buf, size_t len, uint32_t *table, int *table_ready)
{
    if (!*table_ready) {
        for (uint32_t n = 0; n < 256; n++) {
            uint32_t c = n;
            for (int k = 0; k < 8; k++) {
                if (c & 1u)
                    c = 0xEDB88320u ^ (c >> 1);
                else
                    c >>= 1;
            }
            table[n] = c;
        }
        *table_ready = 1;
    }
    uint32_t crc = 0xFFFFFFFFu;
    const unsigned char *end = buf + len;
    while (buf < end) {
        crc = table[(crc ^ *buf) & 0xFFu] ^ (crc >> 8);
        buf++;
    }
    return crc ^ 0xFFFFFFFFu;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    uint32_t table[256];
    int ready = 0;
    switch (opt) {
    case 0: {
        unsigned char empty[1] = {0};
        uint32_t r = crc32_update(empty, 0, table, &ready);
        printf("crc(empty) = %08x ready=%d\n", (unsigned)r, ready);
        break;
    }
    case 1: {
        const char *s = "123456789";
        uint32_t r = crc32_update((const unsigned char *)s, 9, table, &ready);
        printf("crc(\"%s\") = %08x ready=%d\n", s, (unsigned)r, ready);
        r = crc32_update((const unsigned char *)"The quick brown fox jumps over the lazy dog", 43, table, &ready);
        printf("crc(fox) = %08x\n", (unsigned)r);
        break;
    }
    case 2: {
        size_t n = 600000;
        unsigned char *buf = malloc(n);
        unsigned seed = 12345u;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = (unsigned char)(seed >> 16);
        }
        uint32_t r = crc32_update(buf, n, table, &ready);
        printf("crc(random %zu bytes) = %08x\n", n, (unsigned)r);
        r = crc32_update(buf + 1000, n / 2, table, &ready);
        printf("crc(slice) = %08x\n", (unsigned)r);
        free(buf);
        break;
    }
    default:
        printf("unknown input\n");
        return 0;
    }
    if (ready) {
        uint32_t x = 0;
        for (int i = 0; i < 256; i++) x ^= table[i] * (uint32_t)(i + 1);
        printf("table[1]=%08x table[128]=%08x table[255]=%08x mix=%08x\n",
               (unsigned)table[1], (unsigned)table[128], (unsigned)table[255], (unsigned)x);
    }
    return 0;
}
