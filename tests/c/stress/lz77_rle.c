/* LZ77 and RLE compression round-trips with checksum verification. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>

#define WINDOW 255
#define MIN_MATCH 3
#define MAX_MATCH 18

static uint32_t adler32(const unsigned char *p, size_t n) {
    uint32_t a = 1, b = 0;
    while (n--) {
        a = (a + *p++) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

/* Output format: flag byte per 8 items; literal = 1 byte; match = (offset, len-MIN) 2 bytes */
static size_t lz_compress(const unsigned char *in, size_t n, unsigned char *out) {
    size_t ip = 0, op = 0;
    while (ip < n) {
        size_t flagpos = op++;
        unsigned char flags = 0;
        for (int bit = 0; bit < 8 && ip < n; bit++) {
            size_t best_len = 0, best_off = 0;
            size_t start = ip > WINDOW ? ip - WINDOW : 0;
            for (size_t s = start; s < ip; s++) {
                size_t l = 0;
                while (l < MAX_MATCH && ip + l < n && in[s + l] == in[ip + l]) l++;
                if (l > best_len) { best_len = l; best_off = ip - s; }
            }
            if (best_len >= MIN_MATCH) {
                flags |= (unsigned char)(1u << bit);
                out[op++] = (unsigned char)best_off;
                out[op++] = (unsigned char)(best_len - MIN_MATCH);
                ip += best_len;
            } else {
                out[op++] = in[ip++];
            }
        }
        out[flagpos] = flags;
    }
    return op;
}

static size_t lz_decompress(const unsigned char *in, size_t n, unsigned char *out) {
    size_t ip = 0, op = 0;
    while (ip < n) {
        unsigned flags = in[ip++];
        for (int bit = 0; bit < 8 && ip < n; bit++) {
            if (flags & (1u << bit)) {
                size_t off = in[ip++];
                size_t len = (size_t)in[ip++] + MIN_MATCH;
                while (len--) { out[op] = out[op - off]; op++; }
            } else {
                out[op++] = in[ip++];
            }
        }
    }
    return op;
}

/* PackBits-style RLE */
static size_t rle_compress(const unsigned char *in, size_t n, unsigned char *out) {
    size_t i = 0, o = 0;
    while (i < n) {
        size_t run = 1;
        while (i + run < n && run < 128 && in[i + run] == in[i]) run++;
        if (run >= 2) {
            out[o++] = (unsigned char)(257 - run); /* -(run-1) as signed char */
            out[o++] = in[i];
            i += run;
        } else {
            size_t lit = 0;
            while (i + lit < n && lit < 128 &&
                   !(i + lit + 1 < n && in[i + lit] == in[i + lit + 1]))
                lit++;
            if (lit == 0) lit = 1;
            out[o++] = (unsigned char)(lit - 1);
            memcpy(out + o, in + i, lit);
            o += lit; i += lit;
        }
    }
    return o;
}

static size_t rle_decompress(const unsigned char *in, size_t n, unsigned char *out) {
    size_t i = 0, o = 0;
    while (i < n) {
        signed char h = (signed char)in[i++];
        if (h >= 0) {
            memcpy(out + o, in + i, (size_t)h + 1);
            o += (size_t)h + 1; i += (size_t)h + 1;
        } else if (h != -128) {
            int cnt = 1 - h;
            memset(out + o, in[i++], (size_t)cnt);
            o += (size_t)cnt;
        }
    }
    return o;
}

static void hexdump(const unsigned char *p, size_t n, size_t max) {
    for (size_t i = 0; i < n && i < max; i++) printf("%02x%c", p[i], (i % 16 == 15) ? '\n' : ' ');
    if (n % 16 && !(n > max)) putchar('\n');
    if (n > max) printf("... (%zu more)\n", n - max);
}

static unsigned lcg_state = 12345;
static unsigned lcg(void) { lcg_state = lcg_state * 1103515245u + 12345u; return (lcg_state >> 16) & 0x7fff; }

int main(void) {
    static unsigned char inputs[5][1024];
    size_t lens[5];
    const char *txt = "TOBEORNOTTOBEORTOBEORNOT#TOBEORNOTTOBEORTOBEORNOT#abracadabra abracadabra";
    lens[0] = strlen(txt); memcpy(inputs[0], txt, lens[0]);
    lens[1] = 600; for (size_t i = 0; i < lens[1]; i++) inputs[1][i] = (unsigned char)(i / 50);
    lens[2] = 500; for (size_t i = 0; i < lens[2]; i++) inputs[2][i] = (unsigned char)lcg();
    lens[3] = 1000; for (size_t i = 0; i < lens[3]; i++) inputs[3][i] = "abcab"[i % 5] + (i % 97 == 0);
    lens[4] = 1; inputs[4][0] = 0xff;

    static unsigned char comp[2048], back[2048];
    for (int k = 0; k < 5; k++) {
        uint32_t sum = adler32(inputs[k], lens[k]);
        size_t c = lz_compress(inputs[k], lens[k], comp);
        memset(back, 0, sizeof back);
        size_t d = lz_decompress(comp, c, back);
        int ok = d == lens[k] && memcmp(back, inputs[k], d) == 0 && adler32(back, d) == sum;
        printf("input %d: n=%4zu adler=%08x lz=%4zu (%.1f%%) %s\n", k, lens[k], (unsigned)sum, c,
               100.0 * (double)c / (double)lens[k], ok ? "roundtrip-ok" : "ROUNDTRIP-FAIL");
        hexdump(comp, c, 32);
        c = rle_compress(inputs[k], lens[k], comp);
        d = rle_decompress(comp, c, back);
        ok = d == lens[k] && memcmp(back, inputs[k], d) == 0;
        printf("         rle=%4zu %s\n", c, ok ? "roundtrip-ok" : "ROUNDTRIP-FAIL");
        hexdump(comp, c, 24);
    }
    return 0;
}
