#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t table[256];

static void make_table(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

static uint32_t crc32(const unsigned char *buf, size_t len) {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; i++) c = table[(c ^ buf[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static uint32_t crc32_bitwise(const unsigned char *buf, size_t len) {
    uint32_t crc = ~0u;
    while (len--) {
        crc ^= *buf++;
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static uint16_t adler_like(const unsigned char *buf, size_t len) {
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < len; i++) { a = (a + buf[i]) % 65521; b = (b + a) % 65521; }
    return (uint16_t)((b << 8) ^ a);
}

int main(void) {
    make_table();
    printf("%08x %08x %08x\n", table[0], table[1], table[255]);
    const char *msgs[] = {"", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog"};
    for (int i = 0; i < 5; i++) {
        const unsigned char *m = (const unsigned char *)msgs[i];
        size_t n = strlen(msgs[i]);
        printf("%08x %08x %04x\n", crc32(m, n), crc32_bitwise(m, n), adler_like(m, n));
    }
    unsigned char big[4096];
    for (int i = 0; i < 4096; i++) big[i] = (unsigned char)(i * 31 + (i >> 3));
    printf("%08x\n", crc32(big, sizeof big));
    uint32_t x = 0;
    for (int i = 0; i < 100; i++) x = crc32((unsigned char *)&x, sizeof x);
    printf("%08x\n", x);
    return 0;
}
