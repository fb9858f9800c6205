// inputs: 0 1 2 3  tags: unsigned-char, string, counted-loop, modulo, conditionals
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shifts letters by `shift` (mod 26), leaves other bytes alone; the loop
 * index is an unsigned char, so len must be < 256. Returns letters changed. */
int caesar(char *s, unsigned char len, int shift)
{
    unsigned char i;
    int changed = 0;
    shift %= 26;
    if (shift < 0)
        shift += 26;
    for (i = 0; i < len; i++) {
        char c = s[i];
        if (c >= 'a' && c <= 'z') {
            s[i] = (char)('a' + (c - 'a' + shift) % 26);
            changed++;
        } else if (c >= 'A' && c <= 'Z') {
            s[i] = (char)('A' + (c - 'A' + shift) % 26);
            changed++;
        }
    }
    return changed;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char buf[256];
    int c;
    switch (opt) {
    case 0:
        buf[0] = '\0';
        c = caesar(buf, 0, 3);
        printf("c=%d [%s]\n", c, buf);
        break;
    case 1:
        strcpy(buf, "Hello, World!");
        c = caesar(buf, (unsigned char)strlen(buf), 3);
        printf("c=%d [%s]\n", c, buf);
        c = caesar(buf, (unsigned char)strlen(buf), -3);
        printf("c=%d [%s]\n", c, buf);
        break;
    case 2:
        strcpy(buf, "xyz XYZ 123 abc");
        c = caesar(buf, (unsigned char)strlen(buf), 53);
        printf("c=%d [%s]\n", c, buf);
        break;
    case 3: {
        int i;
        for (i = 0; i < 255; i++)
            buf[i] = (char)(' ' + i % 95);
        buf[255] = '\0';
        c = caesar(buf, 255, 13);
        printf("c=%d [%s]\n", c, buf);
        break;
    }
    }
    return 0;
}
