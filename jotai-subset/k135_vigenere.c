// inputs: 0 1 2 3  tags: unsigned-char, pointer-walk, stacked-conditionals, string, cipher
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Vigenere cipher over letters only (case preserved); the key index is an unsigned char
   that wraps at the key length.  decrypt != 0 reverses.  Returns letters transformed,
   or -1 if the key contains no letters. */
int vigenere(char *text, const char *key, int decrypt)
{
    unsigned char klen = 0;
    unsigned char shifts[255];
    for (const char *k = key; *k && klen < 255; k++) {
        char c = *k;
        if (c >= 'a' && c <= 'z') shifts[klen++] = (unsigned char)(c - 'a');
        else if (c >= 'A' && c <= 'Z') shifts[klen++] = (unsigned char)(c - 'A');
    }
    if (klen == 0) return -1;
    unsigned char ki = 0;
    int count = 0;
    for (char *p = text; *p; p++) {
        char base;
        if (*p >= 'a' && *p <= 'z') base = 'a';
        else if (*p >= 'A' && *p <= 'Z') base = 'A';
        else continue;
        int s = shifts[ki];
        if (decrypt) s = 26 - s;
        *p = (char)(base + (*p - base + s) % 26);
        ki++;
        if (ki == klen) ki = 0;
        count++;
    }
    return count;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    char buf[256];
    switch (opt) {
    case 0:
        strcpy(buf, "hello");
        printf("no-letter key -> %d\n", vigenere(buf, "123 !", 0));
        break;
    case 1: {
        strcpy(buf, "Attack at dawn!");
        int n = vigenere(buf, "LEMON", 0);
        printf("%d '%s'\n", n, buf);
        n = vigenere(buf, "lemon", 1);
        printf("%d '%s'\n", n, buf);
        break;
    }
    case 2: {
        strcpy(buf, "");
        int n = vigenere(buf, "key", 0);
        printf("empty text -> %d '%s'\n", n, buf);
        break;
    }
    case 3: {
        char key[301];
        for (int i = 0; i < 300; i++) key[i] = (char)('a' + (i * 7) % 26);
        key[300] = '\0';           /* longer than 255 letters: clipped */
        int len = 20000;
        char *t = malloc((size_t)len + 1);
        unsigned seed = 14u;
        for (int i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 60;
            t[i] = r < 26 ? (char)('a' + r) : r < 52 ? (char)('A' + r - 26) : ' ';
        }
        t[len] = '\0';
        unsigned h0 = 0;
        for (int i = 0; i < len; i++) h0 = h0 * 31u + (unsigned char)t[i];
        int n = vigenere(t, key, 0);
        unsigned h1 = 0;
        for (int i = 0; i < len; i++) h1 = h1 * 31u + (unsigned char)t[i];
        printf("n=%d enc_hash=%08x head=%.24s\n", n, h1, t);
        n = vigenere(t, key, 1);
        unsigned h2 = 0;
        for (int i = 0; i < len; i++) h2 = h2 * 31u + (unsigned char)t[i];
        printf("n=%d roundtrip=%d\n", n, h2 == h0);
        free(t);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
