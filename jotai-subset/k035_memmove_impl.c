// inputs: 0 1 2 3  tags: size_t, down-count, pointer-walk, conditionals, unsigned-char
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *my_memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d == s || n == 0)
        return dst;
    if (d < s || d >= s + n) {
        while (n--)
            *d++ = *s++;
    } else {
        d += n;
        s += n;
        while (n--)
            *--d = *--s;
    }
    return dst;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        char b[8] = "abcdefg";
        my_memmove(b, b, 7);
        my_memmove(b + 1, b, 0);
        printf("%s\n", b);
        break;
    }
    case 1: {
        char b[16] = "0123456789";
        my_memmove(b + 2, b, 8);
        printf("%s\n", b);
        break;
    }
    case 2: {
        char b[16] = "0123456789";
        my_memmove(b, b + 3, 7);
        printf("%s\n", b);
        break;
    }
    case 3: {
        size_t n = 40000, i;
        unsigned char *b = malloc(n + 64);
        for (i = 0; i < n + 64; i++)
            b[i] = (unsigned char)(i * 7u);
        int r;
        for (r = 0; r < 4; r++) {
            if (r % 2)
                my_memmove(b + 64, b + (r % 64), n);
            else
                my_memmove(b + (r % 64), b + 64, n);
        }
        unsigned h = 0;
        for (i = 0; i < n + 64; i++)
            h = h * 33u + b[i];
        printf("hash=%u\n", h);
        free(b);
        break;
    }
    }
    return 0;
}
