// inputs: 0 1 2 3  tags: stride-loop, counted-loop, bits, string, early-return, multi-inc
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Encode len bytes into out (which must hold 4*ceil(len/3)+1 bytes).
   Returns the encoded length, or -1 if out_cap is too small. */
long base64_encode(const unsigned char *in, size_t len, char *out, size_t out_cap)
{
    size_t need = ((len + 2) / 3) * 4 + 1;
    if (out_cap < need)
        return -1;
    size_t i = 0, o = 0;
    for (i = 0; i + 3 <= len; i += 3) {
        unsigned v = ((unsigned)in[i] << 16) | ((unsigned)in[i + 1] << 8) | in[i + 2];
        out[o++] = b64_alphabet[(v >> 18) & 63];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        out[o++] = b64_alphabet[(v >> 6) & 63];
        out[o++] = b64_alphabet[v & 63];
    }
    size_t rem = len - i;
    if (rem == 1) {
        unsigned v = (unsigned)in[i] << 16;
        out[o++] = b64_alphabet[(v >> 18) & 63];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        out[o++] = '=';
        out[o++] = '=';
    } else if (rem == 2) {
        unsigned v = ((unsigned)in[i] << 16) | ((unsigned)in[i + 1] << 8);
        out[o++] = b64_alphabet[(v >> 18) & 63];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        out[o++] = b64_alphabet[(v >> 6) & 63];
        out[o++] = '=';
    }
    out[o] = '\0';
    return (long)o;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    char out[4096];
    switch (opt) {
    case 0: {
        const char *tests[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
        for (int t = 0; t < 7; t++) {
            long r = base64_encode((const unsigned char *)tests[t], strlen(tests[t]), out, sizeof out);
            printf("\"%s\" -> %ld \"%s\"\n", tests[t], r, out);
        }
        break;
    }
    case 1: {
        char small[5];
        long r = base64_encode((const unsigned char *)"hello", 5, small, sizeof small);
        printf("too small: %ld\n", r);
        break;
    }
    case 2: {
        unsigned char bin[256];
        for (int i = 0; i < 256; i++) bin[i] = (unsigned char)i;
        long r = base64_encode(bin, 256, out, sizeof out);
        printf("len=%ld\n%s\n", r, out);
        break;
    }
    case 3: {
        unsigned char bin[3000];
        unsigned seed = 99u;
        for (int i = 0; i < 3000; i++) {
            seed = seed * 1103515245u + 12345u;
            bin[i] = (unsigned char)(seed >> 16);
        }
        unsigned long sum = 0;
        for (int n = 2990; n <= 3000; n++) {
            long r = base64_encode(bin, (size_t)n, out, sizeof out);
            unsigned h = 5381u;
            for (long k = 0; k < r; k++) h = h * 33u + (unsigned char)out[k];
            printf("n=%d len=%ld tail=%s hash=%08x\n", n, r, out + r - 8, h);
            sum += (unsigned long)r;
        }
        printf("total=%lu\n", sum);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
