// inputs: 0 1 2 3  tags: stride-loop, unsigned-char, string, encoding, size_t
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char b64tab[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t base64_encode(const unsigned char *in, size_t len, char *out)
{
    size_t i, o = 0;
    for (i = 0; i + 2 < len; i += 3) {
        unsigned v = ((unsigned)in[i] << 16) | ((unsigned)in[i + 1] << 8) | in[i + 2];
        out[o++] = b64tab[(v >> 18) & 63];
        out[o++] = b64tab[(v >> 12) & 63];
        out[o++] = b64tab[(v >> 6) & 63];
        out[o++] = b64tab[v & 63];
    }
    if (len - i == 1) {
        unsigned v = (unsigned)in[i] << 16;
        out[o++] = b64tab[(v >> 18) & 63];
        out[o++] = b64tab[(v >> 12) & 63];
        out[o++] = '=';
        out[o++] = '=';
    } else if (len - i == 2) {
        unsigned v = ((unsigned)in[i] << 16) | ((unsigned)in[i + 1] << 8);
        out[o++] = b64tab[(v >> 18) & 63];
        out[o++] = b64tab[(v >> 12) & 63];
        out[o++] = b64tab[(v >> 6) & 63];
        out[o++] = '=';
    }
    out[o] = '\0';
    return o;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char out[64];
    switch (opt) {
    case 0:
        printf("n=%zu [%s]\n", base64_encode((const unsigned char *)"", 0, out), out);
        break;
    case 1: {
        const char *w[3] = { "M", "Ma", "Man" };
        int i;
        for (i = 0; i < 3; i++) {
            size_t n = base64_encode((const unsigned char *)w[i], strlen(w[i]), out);
            printf("n=%zu [%s]\n", n, out);
        }
        break;
    }
    case 2: {
        const char *s = "any carnal pleasure.";
        size_t n = base64_encode((const unsigned char *)s, strlen(s), out);
        printf("n=%zu [%s]\n", n, out);
        break;
    }
    case 3: {
        size_t len = 90000, i;
        unsigned char *in = malloc(len);
        char *o = malloc(len / 3 * 4 + 8);
        unsigned s = 6u;
        for (i = 0; i < len; i++) {
            s = s * 1103515245u + 12345u;
            in[i] = (unsigned char)(s >> 16);
        }
        unsigned h = 0;
        int rep;
        for (rep = 0; rep < 4; rep++) {
            size_t n = base64_encode(in + rep, len - (size_t)rep, o);
            for (i = 0; i < n; i++)
                h = h * 31u + (unsigned char)o[i];
            printf("rep=%d n=%zu tail=%s\n", rep, n, o + n - 8);
        }
        printf("hash=%u\n", h);
        free(in);
        free(o);
        break;
    }
    }
    return 0;
}
