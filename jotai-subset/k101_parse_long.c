// inputs: 0 1 2 3  tags: pointer-walk, stacked-conditionals, early-return, long, parser
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>

/* strtol-like parser: optional whitespace, sign, base prefix (0x, 0b, 0) when base==0.
   Returns 0 on success, 1 on no digits, 2 on overflow (value clamped), 3 on trailing junk.
   *end_off receives the offset of the first unparsed character. */
int parse_long(const char *s, int base, long *out, int *end_off)
{
    const char *p = s;
    int neg = 0;
    unsigned long acc = 0;
    unsigned long limit;
    int any = 0, overflow = 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '-') { neg = 1; p++; }
    else if (*p == '+') p++;
    if (base == 0) {
        if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
        else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) { base = 2; p += 2; }
        else if (p[0] == '0') { base = 8; }
        else base = 10;
    }
    limit = neg ? (unsigned long)LONG_MAX + 1ul : (unsigned long)LONG_MAX;
    for (;; p++) {
        int d;
        char c = *p;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'Z') d = c - 'A' + 10;
        else break;
        if (d >= base) break;
        any = 1;
        if (overflow) continue;
        if (acc > (limit - (unsigned long)d) / (unsigned long)base) {
            overflow = 1;
            continue;
        }
        acc = acc * (unsigned long)base + (unsigned long)d;
    }
    *end_off = (int)(p - s);
    if (!any) { *out = 0; *end_off = 0; return 1; }
    if (overflow) { *out = neg ? LONG_MIN : LONG_MAX; return 2; }
    if (neg) *out = (acc == (unsigned long)LONG_MAX + 1ul) ? LONG_MIN : -(long)acc;
    else *out = (long)acc;
    while (*p == ' ') p++;
    if (*p) return 3;
    return 0;
}

static void t(const char *s, int base)
{
    long v = -1;
    int end = -1;
    int r = parse_long(s, base, &v, &end);
    printf("\"%s\" base %d -> rc=%d value=%ld end=%d\n", s, base, r, v, end);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("", 10);
        t("   ", 0);
        t("-", 10);
        break;
    case 1:
        t("12345", 10);
        t("  -42  ", 10);
        t("0x1fF", 0);
        t("0b1011", 0);
        t("0755", 0);
        t("zz", 36);
        t("+7", 16);
        break;
    case 2:
        t("9223372036854775807", 10);
        t("9223372036854775808", 10);
        t("-9223372036854775808", 10);
        t("-9223372036854775809", 10);
        t("123abc", 10);
        t("0x", 0);
        t("777777777777777777777777", 8);
        break;
    case 3: {
        char buf[32];
        long total = 0;
        int rcs[4] = {0, 0, 0, 0};
        unsigned seed = 3u;
        for (int i = 0; i < 3000; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 8;
            int k = 0;
            if (r & 1) buf[k++] = '-';
            int len = 1 + (int)((r >> 1) % 20);
            for (int j = 0; j < len; j++) buf[k++] = (char)('0' + (r >> (j % 20)) % 10);
            if ((r >> 5) % 7 == 0) buf[k++] = 'q';
            buf[k] = '\0';
            long v;
            int end;
            int rc = parse_long(buf, 10, &v, &end);
            rcs[rc]++;
            total += v % 1000;
        }
        printf("rc counts %d %d %d %d total=%ld\n", rcs[0], rcs[1], rcs[2], rcs[3], total);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
