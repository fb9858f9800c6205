// inputs: 0 1 2 3  tags: size_t, down-count, early-return, unsigned-char, string
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int my_memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    while (n-- > 0) {
        if (*p != *q)
            return *p < *q ? -1 : 1;
        p++;
        q++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("%d\n", my_memcmp("abc", "xyz", 0));
        break;
    case 1:
        printf("%d %d %d\n", my_memcmp("abcd", "abce", 4), my_memcmp("abce", "abcd", 4),
               my_memcmp("same", "same", 4));
        break;
    case 2: {
        unsigned char x[3] = { 0x80, 1, 2 }, y[3] = { 0x7f, 1, 2 };
        printf("%d\n", my_memcmp(x, y, 3));
        break;
    }
    case 3: {
        char buf[512];
        int i, eq = 0, lt = 0, gt = 0;
        unsigned s = 21u;
        for (i = 0; i < 512; i++) {
            s = s * 1103515245u + 12345u;
            buf[i] = (char)('a' + (s >> 16) % 3u);
        }
        for (i = 0; i < 500; i++) {
            int r = my_memcmp(buf + i, buf + (i * 7) % 500, 12);
            if (r == 0)
                eq++;
            else if (r < 0)
                lt++;
            else
                gt++;
        }
        printf("eq=%d lt=%d gt=%d\n", eq, lt, gt);
        break;
    }
    }
    return 0;
}
