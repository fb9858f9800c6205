// inputs: 0 1 2 3  tags: pointer-walk, down-count, early-return, string, in-place
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Trim leading/trailing whitespace and collapse inner whitespace runs to one space,
   in place.  Returns the new length. */
size_t collapse_spaces(char *s)
{
    char *r = s, *w = s;
    int pending = 0;
    if (!*s) return 0;
    while (*r == ' ' || *r == '\t' || *r == '\n')
        r++;
    while (*r) {
        if (*r == ' ' || *r == '\t' || *r == '\n') {
            pending = 1;
        } else {
            if (pending) {
                *w++ = ' ';
                pending = 0;
            }
            *w++ = *r;
        }
        r++;
    }
    *w = '\0';
    size_t len = (size_t)(w - s);
    /* defensive: strip trailing blanks that could only appear if input began mid-run */
    while (len > 0 && s[len - 1] == ' ')
        s[--len] = '\0';
    return len;
}

static void show(const char *in)
{
    char buf[128];
    strcpy(buf, in);
    size_t n = collapse_spaces(buf);
    printf("[%s] -> [%s] len=%zu\n", in, buf, n);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("");
        show(" \t\n ");
        break;
    case 1:
        show("  hello   world  ");
        show("a\tb\n\nc");
        break;
    case 2:
        show("nospace");
        break;
    case 3: {
        char *buf = malloc(50001);
        unsigned seed = 44u;
        for (int i = 0; i < 50000; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 10;
            buf[i] = r < 3 ? ' ' : r == 3 ? '\t' : (char)('A' + r);
        }
        buf[50000] = '\0';
        size_t n = collapse_spaces(buf);
        unsigned h = 0;
        for (size_t i = 0; i < n; i++) h = h * 33u + (unsigned char)buf[i];
        printf("len=%zu hash=%08x head=[%.30s]\n", n, h, buf);
        free(buf);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
