// inputs: 0 1 2 3  tags: pointer-walk, multi-exit, early-return, stacked-conditionals, bits, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decode a NUL-terminated UTF-8 string into code points.
   Returns number of code points, or -(byte offset + 1) on malformed input.
   Stops early when the output array is full. */
int utf8_decode(const unsigned char *s, unsigned *out, int max_out)
{
    const unsigned char *p = s;
    int n = 0;
    while (*p) {
        unsigned c = *p;
        unsigned cp;
        int extra;
        if (n >= max_out)
            break;
        if (c < 0x80) {
            cp = c;
            extra = 0;
        } else if ((c & 0xE0) == 0xC0) {
            cp = c & 0x1F;
            extra = 1;
        } else if ((c & 0xF0) == 0xE0) {
            cp = c & 0x0F;
            extra = 2;
        } else if ((c & 0xF8) == 0xF0) {
            cp = c & 0x07;
            extra = 3;
        } else {
            return -(int)(p - s) - 1;
        }
        const unsigned char *start = p;
        p++;
        while (extra > 0) {
            if ((*p & 0xC0) != 0x80)
                return -(int)(start - s) - 1;
            cp = (cp << 6) | (*p & 0x3F);
            p++;
            extra--;
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return -(int)(start - s) - 1;
        if ((p - start == 2 && cp < 0x80) || (p - start == 3 && cp < 0x800) ||
            (p - start == 4 && cp < 0x10000))
            return -(int)(start - s) - 1; /* overlong */
        out[n++] = cp;
    }
    return n;
}

static void show(const char *label, const unsigned char *s, int max_out)
{
    unsigned out[64];
    memset(out, 0, sizeof out);
    int r = utf8_decode(s, out, max_out);
    printf("%s: r=%d", label, r);
    for (int i = 0; i < r; i++) printf(" U+%04X", out[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        const unsigned char s[] = "";
        show("empty", s, 64);
        break;
    }
    case 1: {
        const unsigned char s[] = "h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80!";
        show("mixed", s, 64);
        show("truncated-out", s, 3);
        break;
    }
    case 2: {
        const unsigned char bad1[] = "ab\xC3(z";
        const unsigned char bad2[] = "x\xC0\x80y";
        const unsigned char bad3[] = "ok\xFFno";
        const unsigned char bad4[] = "\xED\xA0\x80";
        show("bad-cont", bad1, 64);
        show("overlong", bad2, 64);
        show("bad-lead", bad3, 64);
        show("surrogate", bad4, 64);
        break;
    }
    case 3: {
        unsigned char buf[200];
        int k = 0;
        unsigned seed = 7u;
        while (k < 190) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 4;
            if (r == 0) buf[k++] = (unsigned char)('a' + (seed >> 20) % 26);
            else if (r == 1) { buf[k++] = 0xC3; buf[k++] = (unsigned char)(0x80 + (seed >> 20) % 64); }
            else if (r == 2) { buf[k++] = 0xE2; buf[k++] = 0x82; buf[k++] = 0xAC; }
            else { buf[k++] = 0xF0; buf[k++] = 0x9F; buf[k++] = 0x98; buf[k++] = (unsigned char)(0x80 + (seed >> 22) % 64); }
        }
        buf[k] = 0;
        show("random", buf, 64);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
