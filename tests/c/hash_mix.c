#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

/* a SHA-1-like compression round over a 16-word block */
static void compress(uint32_t h[5], const uint32_t block[16]) {
    uint32_t w[80];
    for (int i = 0; i < 16; i++) w[i] = block[i];
    for (int i = 16; i < 80; i++) w[i] = rotl32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) { f = (b & c) | (~b & d); k = 0x5A827999u; }
        else if (i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1u; }
        else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDCu; }
        else { f = b ^ c ^ d; k = 0xCA62C1D6u; }
        uint32_t t = rotl32(a, 5) + f + e + k + w[i];
        e = d; d = c; c = rotl32(b, 30); b = a; a = t;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
}

static void sha1(const char *msg, uint32_t h[5]) {
    h[0] = 0x67452301u; h[1] = 0xEFCDAB89u; h[2] = 0x98BADCFEu; h[3] = 0x10325476u; h[4] = 0xC3D2E1F0u;
    size_t len = strlen(msg);
    unsigned char buf[128];
    memset(buf, 0, sizeof buf);
    memcpy(buf, msg, len);
    buf[len] = 0x80;
    size_t total = len + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++) buf[total - 1 - i] = (unsigned char)(bits >> (8 * i));
    for (size_t off = 0; off < total; off += 64) {
        uint32_t block[16];
        for (int i = 0; i < 16; i++)
            block[i] = (uint32_t)buf[off + 4 * i] << 24 | (uint32_t)buf[off + 4 * i + 1] << 16 |
                       (uint32_t)buf[off + 4 * i + 2] << 8 | buf[off + 4 * i + 3];
        compress(h, block);
    }
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint32_t murmur_fmix(uint32_t h) {
    h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
    return h;
}

int main(void) {
    const char *msgs[] = {"", "abc", "The quick brown fox jumps over the lazy dog",
                          "a message that is long enough to need a second sha-1 block!!"};
    for (int m = 0; m < 4; m++) {
        uint32_t h[5];
        sha1(msgs[m], h);
        printf("%08x%08x%08x%08x%08x\n", h[0], h[1], h[2], h[3], h[4]);
    }
    uint64_t st = 42;
    for (int i = 0; i < 4; i++) printf("%016llx\n", (unsigned long long)splitmix(&st));
    for (uint32_t i = 0; i < 5; i++) printf("%08x ", murmur_fmix(i));
    printf("\n");
    return 0;
}
