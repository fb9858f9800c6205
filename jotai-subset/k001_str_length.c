// inputs: 0 1 2 3  tags: pointer-walk, string
#include <stdio.h>
#include <stdlib.h>

size_t str_length(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        const char *s = "";
        printf("len=%zu\n", str_length(s));
        break;
    }
    case 1: {
        const char *s = "hello, world";
        printf("len=%zu\n", str_length(s));
        break;
    }
    case 2: {
        size_t n = 100000;
        char *buf = malloc(n + 1);
        unsigned seed = 7u;
        size_t i;
        for (i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = (char)('a' + (seed >> 16) % 26);
        }
        buf[n] = '\0';
        size_t total = 0;
        int rep;
        for (rep = 0; rep < 25; rep++) {
            buf[n - (size_t)rep * 1000] = '\0';
            total += str_length(buf);
        }
        printf("total=%zu first=%c\n", total, buf[0]);
        free(buf);
        break;
    }
    case 3: {
        char buf[64];
        int i;
        for (i = 0; i < 63; i++)
            buf[i] = (char)('A' + i % 26);
        buf[63] = '\0';
        size_t sum = 0;
        for (i = 63; i >= 0; i -= 7) {
            buf[i] = '\0';
            sum += str_length(buf);
            printf("cut at %d -> %zu\n", i, str_length(buf));
        }
        printf("sum=%zu\n", sum);
        break;
    }
    }
    return 0;
}
