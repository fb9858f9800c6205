/* <string.h>, <strings.h> and <ctype.h>: copying, searching, tokenizing and comparing strings, and every classification macro over ASCII. */
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <ctype.h>

int main(void) {
    char a[64] = "Hello, World";
    char b[64];
    printf("%zu %zu\n", strlen(a), sizeof a);
    strcpy(b, a); strcat(b, "!!"); printf("%s\n", b);
    strncpy(b, "abc", 5); printf("%s %d %d\n", b, b[3], b[4]);
    strncat(b, "defghij", 3); printf("%s\n", b);
    printf("%d %d %d\n", strcmp("abc", "abd") < 0, strncmp("abcx", "abcy", 3), strcmp("b", "a") > 0);
    printf("%s %s\n", strchr(a, 'o'), strrchr(a, 'o'));
    printf("%s\n", strstr(a, "World"));
    printf("%zu %zu\n", strspn("aabbcx", "ab"), strcspn("hello world", " "));
    printf("%s\n", strpbrk("hello world", "ow"));
    char tok[] = "a,b,,c;d";
    for (char *t = strtok(tok, ",;"); t; t = strtok(NULL, ",;")) printf("[%s]", t);
    printf("\n");
    char m[16]; memset(m, 'x', sizeof m); m[15] = 0; printf("%s\n", m);
    memcpy(m, "12345", 5); printf("%s\n", m);
    memmove(m + 2, m, 6); printf("%s\n", m);
    printf("%d %d\n", memcmp("abc", "abd", 3) < 0, memcmp("abc", "abc", 3));
    printf("%s\n", (char*)memchr("abcdef", 'd', 6));
    printf("%d %d\n", strcasecmp("HeLLo", "hello"), strncasecmp("ABCx", "abcy", 3));
    char *dup = strdup("duplicate"); printf("%s\n", dup);
    printf("%s\n", strerror(0) ? "ok" : "null");
    for (int c = 0; c < 128; c++) {
        int flags = (isalpha(c) ? 1 : 0) | (isdigit(c) ? 2 : 0) | (isspace(c) ? 4 : 0) | (ispunct(c) ? 8 : 0) | (isupper(c) ? 16 : 0) | (islower(c) ? 32 : 0) | (isxdigit(c) ? 64 : 0) | (iscntrl(c) ? 128 : 0) | (isprint(c) ? 256 : 0) | (isgraph(c) ? 512 : 0) | (isalnum(c) ? 1024 : 0) | (isblank(c) ? 2048 : 0);
        printf("%x%c", flags, c % 16 == 15 ? '\n' : ' ');
    }
    char up[] = "MiXeD 123"; for (char *p = up; *p; p++) *p = toupper((unsigned char)*p); printf("%s\n", up);
    for (char *p = up; *p; p++) *p = tolower(*p); printf("%s\n", up);
    printf("%d\n", isalpha(EOF));
    return 0;
}
