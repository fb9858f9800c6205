// inputs: 0 1 2 3  tags: stride-loop, size_t, checksum, counted-loop, bits
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* RFC 1071 Internet checksum over len bytes (big-endian 16-bit words, odd byte padded).
   Also verifies: returns the checksum; *verify gets the result of re-summing with it. */
uint16_t inet_checksum(const unsigned char *data, size_t len, uint16_t *verify)
{
    uint32_t sum = 0;
    size_t i;
    for (i = 0; i + 1 < len; i += 2) {
        sum += (uint32_t)((data[i] << 8) | data[i + 1]);
        if (sum & 0x80000000u)
            sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    if (i < len)
        sum += (uint32_t)data[i] << 8;
    while (sum >> 16)
        sum = (sum & 0xFFFFu) + (sum >> 16);
    uint16_t ck = (uint16_t)~sum;
    uint32_t s2 = sum + ck;
    while (s2 >> 16)
        s2 = (s2 & 0xFFFFu) + (s2 >> 16);
    *verify = (uint16_t)~s2;
    return ck;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    uint16_t v;
    switch (opt) {
    case 0: {
        unsigned char d[1] = {0};
        uint16_t c = inet_checksum(d, 0, &v);
        printf("empty ck=%04x verify=%04x\n", c, v);
        break;
    }
    case 1: {
        unsigned char hdr[20] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                                 0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
        uint16_t c = inet_checksum(hdr, 20, &v);
        printf("ipv4 header ck=%04x verify=%04x\n", c, v);
        break;
    }
    case 2: {
        unsigned char d[5] = {0xff, 0xff, 0x01, 0x02, 0x03};
        uint16_t c = inet_checksum(d, 5, &v);
        printf("odd ck=%04x verify=%04x\n", c, v);
        break;
    }
    case 3: {
        size_t n = 65537;
        unsigned char *d = malloc(n);
        unsigned seed = 6u;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            d[i] = (unsigned char)(seed >> 16);
        }
        uint16_t c = inet_checksum(d, n, &v);
        printf("big ck=%04x verify=%04x\n", c, v);
        for (size_t i = 0; i < n; i++) d[i] = 0xFF;
        c = inet_checksum(d, n, &v);
        printf("ones ck=%04x verify=%04x\n", c, v);
        free(d);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
