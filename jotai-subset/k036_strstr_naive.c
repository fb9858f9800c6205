// inputs: 0 1 2 3  tags: string, search, nested-loop, multi-exit, pointer-walk
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *my_strstr(const char *hay, const char *needle)
{
    const char *h;
    if (*needle == '\0')
        return hay;
    for (h = hay; *h; h++) {
        const char *a = h, *b = needle;
        while (*a && *b && *a == *b) {
            a++;
            b++;
        }
        if (*b == '\0')
            return h;
        if (*a == '\0')
            return NULL;
    }
    return NULL;
}

static long pos(const char *hay, const char *r)
{
    return r ? (long)(r - hay) : -1L;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("%ld %ld\n", pos("", my_strstr("", "a")), pos("abc", my_strstr("abc", "")));
        break;
    case 1: {
        const char *h = "the quick brown fox jumps over the lazy dog";
        printf("%ld %ld %ld\n", pos(h, my_strstr(h, "fox")), pos(h, my_strstr(h, "the l")),
               pos(h, my_strstr(h, "cat")));
        break;
    }
    case 2: {
        const char *h = "aaaaaaaaaaaaaaaaaab";
        printf("%ld %ld\n", pos(h, my_strstr(h, "aaab")), pos(h, my_strstr(h, "aaaaaaaaaaaaaaaaaaaaaaaaa")));
        break;
    }
    case 3: {
        int n = 60000, i;
        char *h = malloc((size_t)n + 1);
        unsigned s = 13u;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            h[i] = (s >> 16) % 17u == 0 ? 'b' : 'a';
        }
        h[n] = '\0';
        const char *needles[4] = { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "abaaaaaaaaab", "bb", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" };
        for (i = 0; i < 4; i++) {
            const char *q = my_strstr(h, needles[i]);
            long first = pos(h, q), cnt = 0;
            while (q) {
                cnt++;
                q = my_strstr(q + 1, needles[i]);
            }
            printf("needle %d first=%ld count=%ld\n", i, first, cnt);
        }
        free(h);
        break;
    }
    }
    return 0;
}
