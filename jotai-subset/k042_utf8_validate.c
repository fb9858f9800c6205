// inputs: 0 1 2 3 4  tags: state-machine, unsigned-char, multi-exit, string, size_t
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Validates UTF-8; returns number of code points or -(offset+1) of the first
 * invalid byte. */
long utf8_validate(const unsigned char *s, size_t len)
{
    size_t i = 0;
    long cps = 0;
    while (i < len) {
        unsigned char c = s[i];
        int need;
        unsigned long cp;
        if (c < 0x80) {
            i++;
            cps++;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            need = 1;
            cp = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            need = 2;
            cp = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            need = 3;
            cp = c & 0x07u;
        } else {
            return -(long)i - 1;
        }
        if (i + (size_t)need >= len)
            return -(long)i - 1;
        size_t k;
        for (k = 1; k <= (size_t)need; k++) {
            unsigned char d = s[i + k];
            if ((d & 0xC0) != 0x80)
                return -(long)(i + k) - 1;
            cp = (cp << 6) | (d & 0x3Fu);
        }
        if ((need == 1 && cp < 0x80) || (need == 2 && cp < 0x800) ||
            (need == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return -(long)i - 1;
        i += (size_t)need + 1;
        cps++;
    }
    return cps;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("r=%ld\n", utf8_validate((const unsigned char *)"", 0));
        break;
    case 1: {
        const char *s = "h\xc3\xa9llo w\xc3\xb6rld \xe2\x82\xac \xf0\x9f\x98\x80";
        printf("r=%ld\n", utf8_validate((const unsigned char *)s, strlen(s)));
        break;
    }
    case 2: {
        const char *s = "ok\xc0\xaf";
        printf("r=%ld\n", utf8_validate((const unsigned char *)s, strlen(s)));
        const char *t = "abc\xe2\x82";
        printf("r=%ld\n", utf8_validate((const unsigned char *)t, strlen(t)));
        break;
    }
    case 3: {
        const char *s = "\xed\xa0\x80 surrogate";
        printf("r=%ld\n", utf8_validate((const unsigned char *)s, strlen(s)));
        const char *t = "x\xe2\x28\xa1";
        printf("r=%ld\n", utf8_validate((const unsigned char *)t, strlen(t)));
        break;
    }
    case 4: {
        size_t cap = 200000, n = 0;
        unsigned char *b = malloc(cap);
        unsigned s = 1u;
        while (n + 4 <= cap) {
            s = s * 1103515245u + 12345u;
            switch ((s >> 16) % 4u) {
            case 0:
                b[n++] = (unsigned char)('a' + (s >> 20) % 26u);
                break;
            case 1:
                b[n++] = 0xC3;
                b[n++] = (unsigned char)(0x80 + (s >> 20) % 64u);
                break;
            case 2:
                b[n++] = 0xE2;
                b[n++] = 0x82;
                b[n++] = 0xAC;
                break;
            default:
                b[n++] = 0xF0;
                b[n++] = 0x9F;
                b[n++] = (unsigned char)(0x80 + (s >> 20) % 64u);
                b[n++] = 0x80;
                break;
            }
        }
        long total = 0;
        int r;
        for (r = 0; r < 5; r++) {
            long v = utf8_validate(b + r, n - (size_t)r * 100);
            printf("r=%d v=%ld\n", r, v);
            total += v;
        }
        printf("n=%zu total=%ld\n", n, total);
        free(b);
        break;
    }
    }
    return 0;
}
