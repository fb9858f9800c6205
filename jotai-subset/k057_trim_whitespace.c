// inputs: 0 1 2 3  tags: pointer-walk, string, down-count, in-place
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Trims leading/trailing whitespace in place and collapses internal runs of
 * whitespace to one space. Returns the new length. */
size_t trim_collapse(char *s)
{
    char *r = s, *w = s;
    size_t len;
    while (*r == ' ' || *r == '\t' || *r == '\n')
        r++;
    while (*r) {
        if (*r == ' ' || *r == '\t' || *r == '\n') {
            while (*r == ' ' || *r == '\t' || *r == '\n')
                r++;
            if (*r)
                *w++ = ' ';
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
    len = (size_t)(w - s);
    while (len > 0 && s[len - 1] == ' ')
        s[--len] = '\0';
    return len;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char buf[128];
    const char *in[4] = { "", "     \t\n ", "  hello   world  ", "\tfoo\n\nbar  baz\t qux \n" };
    if (opt < 0 || opt > 3)
        return 0;
    strcpy(buf, in[opt]);
    size_t n = trim_collapse(buf);
    printf("%zu [%s]\n", n, buf);
    return 0;
}
