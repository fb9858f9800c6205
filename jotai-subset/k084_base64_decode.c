// inputs: 0 1 2 3  tags: switch, state-machine, pointer-walk, early-return, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decode base64 text, skipping whitespace.  Returns bytes written or -1 on error. */
int base64_decode(const char *in, unsigned char *out, int out_cap)
{
    int state = 0;          /* which of the 4 sextets we are on */
    int n = 0;
    unsigned acc = 0;
    int pad = 0;
    const char *p = in;
    for (; *p; p++) {
        int c = (unsigned char)*p;
        int v;
        switch (c) {
        case ' ': case '\n': case '\r': case '\t':
            continue;
        case '+': v = 62; break;
        case '/': v = 63; break;
        case '=': v = -2; break;
        default:
            if (c >= 'A' && c <= 'Z') v = c - 'A';
            else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
            else if (c >= '0' && c <= '9') v = c - '0' + 52;
            else return -1;
        }
        if (v == -2) {
            if (state < 2) return -1;
            pad++;
            v = 0;
        } else if (pad) {
            return -1; /* data after padding */
        }
        acc = (acc << 6) | (unsigned)v;
        switch (state) {
        case 0:
        case 1:
        case 2:
            state++;
            break;
        case 3:
            if (n + 3 - pad > out_cap) return -1;
            out[n++] = (unsigned char)(acc >> 16);
            if (pad < 2) out[n++] = (unsigned char)(acc >> 8);
            if (pad < 1) out[n++] = (unsigned char)acc;
            acc = 0;
            state = 0;
            if (pad) goto done;
            break;
        }
    }
done:
    for (; *p; p++) {
        if (*p != '=' && *p != ' ' && *p != '\n') return -1;
    }
    if (state != 0) return -1;
    return n;
}

static void show(const char *s)
{
    unsigned char out[256];
    int r = base64_decode(s, out, (int)sizeof out);
    printf("\"%s\" -> %d:", s, r);
    for (int i = 0; i < r; i++) {
        if (out[i] >= 32 && out[i] < 127) printf("%c", out[i]);
        else printf("\\x%02x", out[i]);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("");
        break;
    case 1:
        show("Zm9vYmFy");
        show("Zm9vYg==");
        show("Zm9vYmE=");
        show("SGVs bG8s\nIHdv cmxk IQ==");
        break;
    case 2:
        show("Zm9v!mFy");
        show("Zm9=YmFy");
        show("Zm9vY");
        show("Zg==Zg==");
        break;
    case 3: {
        unsigned char out[8];
        int r = base64_decode("QUJDREVGR0hJSktMTU5PUA==", out, 8);
        printf("capped: %d\n", r);
        show("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
