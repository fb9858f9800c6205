// inputs: 0 1 2 3  tags: do-while, while-loop, bits, early-return, codec
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Encode an array of signed 64-bit values as SLEB128 and decode it back.
   Returns encoded byte count, or -1 if decoding disagrees, -2 if out of space. */
long sleb128_roundtrip(const int64_t *vals, int n, unsigned char *buf, long cap, int64_t *back)
{
    long o = 0;
    for (int i = 0; i < n; i++) {
        int64_t v = vals[i];
        int more;
        do {
            unsigned char byte = (unsigned char)((uint64_t)v & 0x7Fu);
            /* arithmetic shift written without implementation-defined >> on negatives */
            v = v < 0 ? ~(~v >> 7) : v >> 7;
            more = !((v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40)));
            if (more) byte |= 0x80;
            if (o == cap) return -2;
            buf[o++] = byte;
        } while (more);
    }
    long p = 0;
    for (int i = 0; i < n; i++) {
        uint64_t result = 0;
        unsigned shift = 0;
        unsigned char byte;
        do {
            byte = buf[p++];
            if (shift < 64) result |= (uint64_t)(byte & 0x7Fu) << shift;
            shift += 7;
        } while (byte & 0x80);
        if (shift < 64 && (byte & 0x40))
            result |= ~(uint64_t)0 << shift;
        back[i] = result > (uint64_t)INT64_MAX ? -(int64_t)(~result) - 1 : (int64_t)result;
        if (back[i] != vals[i]) return -1;
    }
    return o;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    unsigned char buf[4096];
    int64_t back[512];
    switch (opt) {
    case 0: {
        long r = sleb128_roundtrip(NULL, 0, buf, sizeof buf, back);
        printf("empty -> %ld\n", r);
        break;
    }
    case 1: {
        int64_t v[8] = {0, 1, -1, 63, 64, -64, -65, 624485};
        long r = sleb128_roundtrip(v, 8, buf, sizeof buf, back);
        printf("bytes=%ld:", r);
        for (long i = 0; i < r; i++) printf(" %02x", buf[i]);
        printf("\n");
        break;
    }
    case 2: {
        int64_t v[3] = {INT64_MAX, INT64_MIN, -123456789012345LL};
        long r = sleb128_roundtrip(v, 3, buf, sizeof buf, back);
        printf("bytes=%ld:", r);
        for (long i = 0; i < r; i++) printf(" %02x", buf[i]);
        printf("\nback: %lld %lld %lld\n", (long long)back[0], (long long)back[1], (long long)back[2]);
        r = sleb128_roundtrip(v, 3, buf, 12, back);
        printf("capped -> %ld\n", r);
        break;
    }
    case 3: {
        int64_t v[512];
        uint64_t x = 88172645463325252ull;
        for (int i = 0; i < 512; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            int64_t m = (int64_t)(x >> (1 + i % 62));
            v[i] = (x & 1u) ? -m : m;
        }
        long r = sleb128_roundtrip(v, 512, buf, sizeof buf, back);
        unsigned h = 0;
        for (long i = 0; i < r; i++) h = h * 31u + buf[i];
        printf("bytes=%ld hash=%08x back[511]=%lld\n", r, h, (long long)back[511]);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
