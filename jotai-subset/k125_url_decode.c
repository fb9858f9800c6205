// inputs: 0 1 2 3  tags: pointer-walk, multi-inc, stacked-conditionals, early-return, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode application/x-www-form-urlencoded text in place ('+' -> ' ', %XX -> byte).
   strict: malformed escapes are errors (-1); otherwise copied literally.
   Returns decoded length. */
int url_decode(char *s, int strict)
{
    const char *r = s;
    unsigned char *w = (unsigned char *)s;
    while (*r) {
        if (*r == '+') {
            *w++ = (unsigned char)' ';
            r++;
        } else if (*r == '%') {
            int hi = hexval(r[1]);
            int lo = hi >= 0 ? hexval(r[2]) : -1;
            if (hi >= 0 && lo >= 0) {
                *w++ = (unsigned char)(hi * 16 + lo);
                r += 3;
            } else if (strict) {
                return -1;
            } else {
                *w++ = (unsigned char)*r++;
            }
        } else {
            *w++ = (unsigned char)*r++;
        }
    }
    *w = '\0';
    return (int)(w - (unsigned char *)s);
}

static void t(const char *in, int strict)
{
    char buf[256];
    strcpy(buf, in);
    int n = url_decode(buf, strict);
    printf("'%s' strict=%d -> %d", in, strict, n);
    if (n >= 0) {
        printf(" '");
        for (int i = 0; i < n; i++) {
            unsigned char c = (unsigned char)buf[i];
            if (c >= 32 && c < 127) putchar(c);
            else printf("\\x%02x", c);
        }
        printf("'");
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("", 1);
        break;
    case 1:
        t("hello+world%21", 1);
        t("a%2Fb%2fc", 1);
        t("%E2%82%AC+euro", 0);
        t("100%25", 1);
        break;
    case 2:
        t("bad%zzescape", 1);
        t("bad%zzescape", 0);
        t("trail%", 0);
        t("trail%4", 0);
        t("trail%4", 1);
        break;
    case 3: {
        char buf[8001];
        unsigned seed = 31u;
        int k = 0;
        while (k < 7990) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 10;
            if (r < 2) { buf[k++] = '%'; buf[k++] = "0123456789abcdefXY"[(seed >> 20) % 18]; buf[k++] = "0123456789ABCDEF"[(seed >> 24) % 16]; }
            else if (r < 3) buf[k++] = '+';
            else buf[k++] = (char)('a' + (seed >> 20) % 26);
        }
        buf[k] = '\0';
        int n = url_decode(buf, 0);
        unsigned h = 0;
        for (int i = 0; i < n; i++) h = h * 31u + (unsigned char)buf[i];
        printf("in=%d out=%d hash=%08x\n", k, n, h);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
