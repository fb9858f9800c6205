// inputs: 0 1 2 3  tags: nested-loop, multi-exit, goto, size_t, search
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Find all (possibly overlapping) occurrences of needle in hay; store positions.
   Returns number of matches (may exceed max_pos; only max_pos are stored). */
size_t find_all(const unsigned char *hay, size_t hlen, const unsigned char *needle, size_t nlen,
                size_t *pos, size_t max_pos)
{
    size_t found = 0;
    if (nlen == 0 || nlen > hlen)
        return 0;
    size_t last = hlen - nlen;
    for (size_t i = 0; i <= last; i++) {
        if (hay[i] != needle[0])
            continue;
        if (hay[i + nlen - 1] != needle[nlen - 1])
            continue;
        for (size_t j = 1; j + 1 < nlen; j++) {
            if (hay[i + j] != needle[j])
                goto next;
        }
        if (found < max_pos)
            pos[found] = i;
        found++;
    next:;
    }
    return found;
}

static void show(const char *h, const char *n)
{
    size_t pos[8];
    size_t r = find_all((const unsigned char *)h, strlen(h), (const unsigned char *)n, strlen(n), pos, 8);
    printf("'%s' in '%s': %zu:", n, h, r);
    for (size_t i = 0; i < r && i < 8; i++) printf(" %zu", pos[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("abc", "");
        show("ab", "abc");
        break;
    case 1:
        show("abababab", "aba");
        show("hello world", "o");
        show("mississippi", "issi");
        show("aaaa", "aaaa");
        break;
    case 2:
        show("the cat sat on the mat", "dog");
        break;
    case 3: {
        size_t n = 30000;
        unsigned char *h = malloc(n);
        unsigned seed = 17u;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            h[i] = (unsigned char)('a' + (seed >> 16) % 3);
        }
        const unsigned char needle[] = "abcabca";
        size_t pos[8];
        size_t r = find_all(h, n, needle, 7, pos, 8);
        printf("matches=%zu first:", r);
        for (size_t i = 0; i < r && i < 8; i++) printf(" %zu", pos[i]);
        printf("\n");
        free(h);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
