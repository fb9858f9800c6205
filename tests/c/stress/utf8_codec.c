/* UTF-8 encoder/decoder with validation, code point statistics and case-folding of ASCII. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static int utf8_encode(uint32_t cp, unsigned char *out) {
    if (cp < 0x80) { out[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) { out[0] = (unsigned char)(0xC0 | (cp >> 6)); out[1] = (unsigned char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (cp >> 12));
        out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp <= 0x10FFFF) {
        out[0] = (unsigned char)(0xF0 | (cp >> 18));
        out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        out[3] = (unsigned char)(0x80 | (cp & 0x3F));
        return 4;
    }
    return 0;
}

/* returns bytes consumed, 0 on error; *cp receives code point */
static int utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    static const struct { unsigned char mask, val; int len; uint32_t min; } tab[] = {
        { 0x80, 0x00, 1, 0 }, { 0xE0, 0xC0, 2, 0x80 }, { 0xF0, 0xE0, 3, 0x800 }, { 0xF8, 0xF0, 4, 0x10000 },
    };
    if (n == 0) return 0;
    for (size_t t = 0; t < sizeof tab / sizeof tab[0]; t++) {
        if ((s[0] & tab[t].mask) != tab[t].val) continue;
        int len = tab[t].len;
        if ((size_t)len > n) return 0;
        uint32_t v = s[0] & (unsigned char)~tab[t].mask;
        for (int i = 1; i < len; i++) {
            if ((s[i] & 0xC0) != 0x80) return 0;
            v = (v << 6) | (s[i] & 0x3F);
        }
        if (v < tab[t].min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
        *cp = v;
        return len;
    }
    return 0;
}

static void analyze(const char *label, const unsigned char *s, size_t n) {
    size_t i = 0;
    int counts[5] = { 0 }, errors = 0, chars = 0;
    uint32_t maxcp = 0, sum = 0;
    printf("%s:", label);
    while (i < n) {
        uint32_t cp;
        int k = utf8_decode(s + i, n - i, &cp);
        if (k == 0) { errors++; printf(" <bad %02x>", s[i]); i++; continue; }
        counts[k]++;
        chars++;
        if (cp > maxcp) maxcp = cp;
        sum += cp;
        if (chars <= 12) printf(" U+%04X", (unsigned)cp);
        i += (size_t)k;
    }
    printf("\n   chars=%d 1b=%d 2b=%d 3b=%d 4b=%d errors=%d max=U+%04X sum=%u\n", chars, counts[1], counts[2], counts[3], counts[4],
           errors, (unsigned)maxcp, (unsigned)sum);
}

int main(void) {
    const char *samples[] = {
        "hello",
        "na\xc3\xafve caf\xc3\xa9",
        "\xe2\x82\xac 100 \xe2\x80\x94 \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
        "\xf0\x9f\x98\x80 emoji \xf0\x9f\x8d\x95",
        "bad \xc3 cont \x80 overlong \xc0\xaf surrogate \xed\xa0\x80 end",
        "\xf4\x90\x80\x80 too big",
    };
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
        char label[16];
        sprintf(label, "sample%zu", i);
        analyze(label, (const unsigned char *)samples[i], strlen(samples[i]));
    }
    uint32_t cps[] = { 0, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x20AC, 0xD7FF, 0xD800, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF, 0x110000 };
    unsigned char buf[8];
    int roundtrip_ok = 0;
    for (size_t i = 0; i < sizeof cps / sizeof *cps; i++) {
        int n = utf8_encode(cps[i], buf);
        printf("U+%06X ->", (unsigned)cps[i]);
        if (!n) { printf(" (unencodable)\n"); continue; }
        for (int k = 0; k < n; k++) printf(" %02X", buf[k]);
        uint32_t back = 0xFFFFFFFF;
        int m = utf8_decode(buf, (size_t)n, &back);
        printf("  decode=%d U+%06X%s\n", m, (unsigned)back, back == cps[i] ? "" : " MISMATCH");
        roundtrip_ok += back == cps[i];
    }
    unsigned char big[4096];
    size_t len = 0;
    for (uint32_t cp = 1; cp < 0x11000; cp += 37) {
        int n = utf8_encode(cp, big + len);
        len += (size_t)n;
        if (len > sizeof big - 8) break;
    }
    analyze("sweep", big, len);
    printf("roundtrip ok: %d\n", roundtrip_ok);
    return 0;
}
