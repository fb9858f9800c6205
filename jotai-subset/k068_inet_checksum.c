// inputs: 0 1 2 3  tags: checksum, uint16, stride-loop, unsigned, size_t
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* RFC 1071 Internet checksum over a byte buffer (big-endian 16-bit words). */
uint16_t inet_checksum(const uint8_t *data, size_t len)
{
    uint32_t sum = 0;
    size_t i;
    for (i = 0; i + 1 < len; i += 2) {
        sum += (uint32_t)((data[i] << 8) | data[i + 1]);
        if (sum & 0x80000000u)
            sum = (sum & 0xffffu) + (sum >> 16);
    }
    if (len & 1u)
        sum += (uint32_t)data[len - 1] << 8;
    while (sum >> 16)
        sum = (sum & 0xffffu) + (sum >> 16);
    return (uint16_t)~sum;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        uint8_t d[1] = { 0 };
        printf("ck=%04x\n", (unsigned)inet_checksum(d, 0));
        break;
    }
    case 1: {
        uint8_t hdr[20] = { 0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                            0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7 };
        uint16_t ck = inet_checksum(hdr, 20);
        printf("ck=%04x\n", (unsigned)ck);
        hdr[10] = (uint8_t)(ck >> 8);
        hdr[11] = (uint8_t)(ck & 0xff);
        printf("verify=%04x\n", (unsigned)inet_checksum(hdr, 20));
        break;
    }
    case 2: {
        uint8_t d[5] = { 0xff, 0xff, 0xff, 0xff, 0x01 };
        printf("ck=%04x\n", (unsigned)inet_checksum(d, 5));
        break;
    }
    case 3: {
        size_t n = 1501, i;
        uint8_t *pkt = malloc(n);
        uint32_t s = 8u, acc = 0;
        int k;
        for (i = 0; i < n; i++) {
            s = s * 1664525u + 1013904223u;
            pkt[i] = (uint8_t)(s >> 24);
        }
        for (k = 0; k < 1000; k++) {
            pkt[k % n] ^= (uint8_t)k;
            acc = acc * 31u + inet_checksum(pkt, n - (size_t)(k % 3));
        }
        printf("acc=%08x\n", (unsigned)acc);
        free(pkt);
        break;
    }
    }
    return 0;
}
