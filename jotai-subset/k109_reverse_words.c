// inputs: 0 1 2 3  tags: down-count, pointer-walk, while-loop, string, two-pointer
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reverse_range(char *lo, char *hi)
{
    while (lo < hi) {
        char t = *lo;
        *lo++ = *hi;
        *hi-- = t;
    }
}

/* Reverse the order of words in place ("the sky" -> "sky the"), keeping spacing runs.
   Returns number of words. */
int reverse_words(char *s)
{
    size_t n = strlen(s);
    if (n == 0) return 0;
    reverse_range(s, s + n - 1);
    int words = 0;
    char *p = s;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        char *start = p;
        while (*p && *p != ' ') p++;
        reverse_range(start, p - 1);
        words++;
    }
    return words;
}

static void show(const char *in)
{
    char buf[256];
    strcpy(buf, in);
    int w = reverse_words(buf);
    printf("'%s' -> '%s' (%d words)\n", in, buf, w);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("");
        show("   ");
        break;
    case 1:
        show("the quick brown fox");
        show("single");
        break;
    case 2:
        show("  leading and  double  spaces ");
        break;
    case 3: {
        char *buf = malloc(30001);
        unsigned seed = 4u;
        for (int i = 0; i < 30000; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = ((seed >> 16) % 6 == 0) ? ' ' : (char)('a' + (seed >> 20) % 26);
        }
        buf[30000] = '\0';
        int w = reverse_words(buf);
        unsigned h = 0;
        for (int i = 0; i < 30000; i++) h = h * 31u + (unsigned char)buf[i];
        printf("words=%d hash=%08x head='%.40s'\n", w, h, buf);
        w = reverse_words(buf);
        h = 0;
        for (int i = 0; i < 30000; i++) h = h * 31u + (unsigned char)buf[i];
        printf("words=%d hash=%08x head='%.40s'\n", w, h, buf);
        free(buf);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
