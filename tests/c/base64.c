#include <stdio.h>
#include <string.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t encode(const unsigned char *in, size_t n, char *out) {
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        if (i + 1 < n) v |= (unsigned)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = i + 1 < n ? alphabet[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
    }
    out[o] = 0;
    return o;
}

static int decode_char(char c) {
    const char *p = strchr(alphabet, c);
    return p && c ? (int)(p - alphabet) : -1;
}

static size_t decode(const char *in, unsigned char *out) {
    size_t o = 0, n = strlen(in);
    for (size_t i = 0; i + 3 < n; i += 4) {
        unsigned v = 0;
        int pad = 0;
        for (int k = 0; k < 4; k++) {
            int d = in[i + k] == '=' ? (pad++, 0) : decode_char(in[i + k]);
            v = v << 6 | (unsigned)d;
        }
        out[o++] = (unsigned char)(v >> 16);
        if (pad < 2) out[o++] = (unsigned char)(v >> 8);
        if (pad < 1) out[o++] = (unsigned char)v;
    }
    return o;
}

int main(void) {
    const char *tests[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar", "Many hands make light work."};
    char enc[128];
    unsigned char dec[300];
    for (int i = 0; i < 8; i++) {
        size_t len = strlen(tests[i]);
        size_t e = encode((const unsigned char *)tests[i], len, enc);
        size_t d = decode(enc, dec);
        dec[d] = 0;
        printf("[%s] -> [%s] (%zu) -> [%s] %s\n", tests[i], enc, e, (char *)dec,
               d == len && memcmp(dec, tests[i], len) == 0 ? "ok" : "BAD");
    }
    unsigned char bin[256];
    for (int i = 0; i < 256; i++) bin[i] = (unsigned char)(255 - i);
    char big[400];
    size_t e = encode(bin, 256, big);
    printf("%zu %.20s...%s\n", e, big, big + e - 8);
    size_t d = decode(big, dec);
    printf("%zu %d\n", d, memcmp(dec, bin, 256) == 0);
    return 0;
}
