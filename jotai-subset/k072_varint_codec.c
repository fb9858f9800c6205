// inputs: 0 1 2 3  tags: do-while, uint64, unsigned-char, encoding, bits
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* LEB128-style varint: encodes vals[0..n) into buf, then decodes them back
 * into out. Returns encoded size, or -1 when decoding hits a malformed varint. */
long varint_roundtrip(const uint64_t *vals, int n, unsigned char *buf, uint64_t *out)
{
    long pos = 0, rd = 0;
    int i;
    for (i = 0; i < n; i++) {
        uint64_t v = vals[i];
        do {
            unsigned char b = (unsigned char)(v & 0x7fu);
            v >>= 7;
            if (v != 0)
                b |= 0x80u;
            buf[pos++] = b;
        } while (v != 0);
    }
    for (i = 0; i < n; i++) {
        uint64_t v = 0;
        unsigned shift = 0;
        unsigned char b;
        do {
            if (shift > 63 || rd >= pos)
                return -1;
            b = buf[rd++];
            v |= (uint64_t)(b & 0x7fu) << shift;
            shift += 7;
        } while (b & 0x80u);
        out[i] = v;
    }
    return pos;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        uint64_t v[1] = { 0 }, o[1] = { 99 };
        unsigned char b[16];
        long r = varint_roundtrip(v, 1, b, o);
        printf("r=%ld b0=%u out=%llu\n", r, b[0], (unsigned long long)o[0]);
        break;
    }
    case 1: {
        uint64_t v[5] = { 1, 127, 128, 300, 16384 }, o[5];
        unsigned char b[64];
        long r = varint_roundtrip(v, 5, b, o), i;
        printf("r=%ld bytes:", r);
        for (i = 0; i < r; i++)
            printf(" %02x", b[i]);
        printf("\nout:");
        for (i = 0; i < 5; i++)
            printf(" %llu", (unsigned long long)o[i]);
        printf("\n");
        break;
    }
    case 2: {
        uint64_t v[2] = { UINT64_MAX, 0x8000000000000000ull }, o[2];
        unsigned char b[32];
        long r = varint_roundtrip(v, 2, b, o);
        printf("r=%ld out=%llu %llu last=%02x\n", r, (unsigned long long)o[0],
               (unsigned long long)o[1], b[r - 1]);
        break;
    }
    case 3: {
        int n = 60000, i, bad = 0;
        uint64_t *v = malloc((size_t)n * sizeof *v), *o = malloc((size_t)n * sizeof *o);
        unsigned char *b = malloc((size_t)n * 10);
        uint64_t s = 3;
        for (i = 0; i < n; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            v[i] = s >> (s >> 58);
        }
        long r = varint_roundtrip(v, n, b, o);
        uint32_t h = 0;
        for (i = 0; i < n; i++) {
            if (o[i] != v[i])
                bad++;
            h = h * 31u + (uint32_t)(o[i] ^ (o[i] >> 32));
        }
        printf("r=%ld bad=%d hash=%08x\n", r, bad, (unsigned)h);
        free(v);
        free(o);
        free(b);
        break;
    }
    }
    return 0;
}
