// gcc-check-flags: -Wno-stringop-truncation
#include <stdio.h>
#include <string.h>

static size_t my_strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
static char *my_strcpy(char *d, const char *s) { char *r = d; while ((*d++ = *s++)) ; return r; }
static int my_strcmp(const char *a, const char *b) {
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}
static int sign(int x) { return (x > 0) - (x < 0); }

int main(void) {
    const char *strs[] = {"", "a", "hello", "hello world", "tab\there"};
    for (int i = 0; i < 5; i++) printf("%zu/%zu ", strlen(strs[i]), my_strlen(strs[i]));
    printf("\n");
    char buf[64];
    strcpy(buf, "copy me");
    printf("%s\n", buf);
    my_strcpy(buf, "mine");
    printf("%s %c\n", buf, buf[5]);
    const char *pairs[][2] = {{"abc", "abd"}, {"abc", "abc"}, {"b", "a"}, {"", "x"}, {"abc", "ab"}, {"\xff", "a"}};
    for (int i = 0; i < 6; i++)
        printf("%d%d ", sign(strcmp(pairs[i][0], pairs[i][1])), sign(my_strcmp(pairs[i][0], pairs[i][1])));
    printf("\n");
    printf("%d %d\n", sign(strncmp("abcdef", "abcxyz", 3)), sign(strncmp("abcdef", "abcxyz", 4)));
    strcpy(buf, "foo");
    strcat(buf, "bar");
    strncat(buf, "bazqux", 3);
    printf("%s\n", buf);
    char *p = strchr(buf, 'b');
    printf("%s %td\n", p, p - buf);
    p = strrchr(buf, 'b');
    printf("%s\n", p);
    printf("%d\n", strchr(buf, 'z') != NULL);
    printf("%d\n", strchr(buf, 'q') == NULL);
    char *ss = strstr("the needle in haystack", "needle");
    printf("%s\n", ss);
    printf("%d\n", strstr("abc", "xyz") == NULL);
    char dst[10];
    memset(dst, 'X', sizeof dst);
    strncpy(dst, "ab", 5);
    for (int i = 0; i < 10; i++) printf("%d ", dst[i]);
    printf("\n");
    printf("%zu %zu\n", strspn("123abc", "0123456789"), strcspn("hello, world", ", "));
    char text[] = "a,b,,c";
    int commas = 0;
    for (char *q = text; (q = strchr(q, ',')) != NULL; q++) commas++;
    printf("%d\n", commas);
    char rev[32];
    strcpy(rev, "reverse");
    size_t n = strlen(rev);
    for (size_t i = 0; i < n / 2; i++) { char t = rev[i]; rev[i] = rev[n - 1 - i]; rev[n - 1 - i] = t; }
    printf("%s\n", rev);
    return 0;
}
