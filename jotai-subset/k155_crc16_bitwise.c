// inputs: 0 1 2 3  tags: short, nested-loop, bits, checksum, unsigned
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bitwise CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over `len` bytes, processed in
   frames of `frame` bytes; writes each frame's CRC into crcs[].  Loop counters are
   unsigned short, as in many small-MCU code bases.  Returns the number of frames. */
unsigned short crc16_frames(const unsigned char *data, unsigned short len, unsigned short frame,
                            unsigned short *crcs)
{
    unsigned short nframes = 0;
    if (frame == 0) return 0;
    for (unsigned short off = 0; off < len; off = (unsigned short)(off + frame)) {
        unsigned short crc = 0xFFFF;
        unsigned short end = (unsigned short)(len - off < frame ? len : off + frame);
        for (unsigned short i = off; i < end; i++) {
            crc ^= (unsigned short)(data[i] << 8);
            for (unsigned short b = 0; b < 8; b++) {
                if (crc & 0x8000u)
                    crc = (unsigned short)((crc << 1) ^ 0x1021u);
                else
                    crc = (unsigned short)(crc << 1);
            }
        }
        crcs[nframes++] = crc;
        if (end == len) break;
    }
    return nframes;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        unsigned short crcs[2] = {0, 0};
        unsigned char d[1] = {0};
        unsigned short n1 = crc16_frames(d, 0, 8, crcs);
        unsigned short n2 = crc16_frames(d, 1, 0, crcs);
        printf("empty=%u zero-frame=%u\n", n1, n2);
        break;
    }
    case 1: {
        unsigned short crcs[4];
        const char *s = "123456789";
        unsigned short n = crc16_frames((const unsigned char *)s, 9, 100, crcs);
        printf("frames=%u crc=%04x\n", n, crcs[0]);
        n = crc16_frames((const unsigned char *)s, 9, 4, crcs);
        printf("frames=%u:", n);
        for (unsigned short i = 0; i < n; i++) printf(" %04x", crcs[i]);
        printf("\n");
        break;
    }
    case 2: {
        unsigned short crcs[8];
        unsigned char d[64];
        memset(d, 0, sizeof d);
        unsigned short n = crc16_frames(d, 64, 16, crcs);
        printf("frames=%u:", n);
        for (unsigned short i = 0; i < n; i++) printf(" %04x", crcs[i]);
        printf("\n");
        break;
    }
    case 3: {
        unsigned short len = 12000;
        unsigned char *d = malloc(len);
        unsigned seed = 4u;
        for (unsigned i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            d[i] = (unsigned char)(seed >> 16);
        }
        unsigned short crcs[1100];
        unsigned short n = crc16_frames(d, len, 64, crcs);
        unsigned x = 0;
        for (unsigned short i = 0; i < n; i++) x = x * 31u + crcs[i];
        printf("frames=%u mix=%08x first=%04x last=%04x\n", n, x, crcs[0], crcs[n - 1]);
        n = crc16_frames(d, len, 1000, crcs);
        printf("frames=%u first=%04x last=%04x\n", n, crcs[0], crcs[n - 1]);
        free(d);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
