// inputs: 0 1 2  tags: pointer-walk, string, two-pointer
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *reverse_string(char *s)
{
    char *end = s;
    char *beg = s;
    if (*s == '\0')
        return s;
    while (*end)
        end++;
    end--;
    while (beg < end) {
        char t = *beg;
        *beg++ = *end;
        *end-- = t;
    }
    return s;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        char s[1] = "";
        printf("[%s]\n", reverse_string(s));
        break;
    }
    case 1: {
        char s[] = "stressed";
        printf("[%s]\n", reverse_string(s));
        char t[] = "a";
        printf("[%s]\n", reverse_string(t));
        char u[] = "ab";
        printf("[%s]\n", reverse_string(u));
        break;
    }
    case 2: {
        char buf[201];
        unsigned seed = 3u;
        int i;
        for (i = 0; i < 200; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = (char)('a' + (seed >> 16) % 26);
        }
        buf[200] = '\0';
        reverse_string(buf);
        printf("%s\n", buf);
        reverse_string(buf + 50);
        printf("%s\n", buf);
        break;
    }
    }
    return 0;
}
