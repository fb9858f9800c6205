#include <stdio.h>

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int to_upper(int c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }
static char rot13(char c) {
    if (c >= 'a' && c <= 'z') return (char)('a' + (c - 'a' + 13) % 26);
    if (c >= 'A' && c <= 'Z') return (char)('A' + (c - 'A' + 13) % 26);
    return c;
}

int main(void) {
    char s[] = "Hello, World! 123 xyz";
    int digits = 0, alphas = 0, others = 0;
    for (char *p = s; *p; p++) {
        if (is_digit(*p)) digits++;
        else if (is_alpha(*p)) alphas++;
        else others++;
    }
    printf("%d %d %d\n", digits, alphas, others);
    for (int i = 0; s[i]; i++) putchar(to_upper(s[i]));
    putchar('\n');
    for (int i = 0; s[i]; i++) s[i] = rot13(s[i]);
    printf("%s\n", s);
    for (int i = 0; s[i]; i++) s[i] = rot13(s[i]);
    printf("%s\n", s);
    char c = 'a';
    c++;
    printf("%c %d\n", c, c);
    c += 2;
    printf("%c\n", c);
    char d = (char)(c - 32);
    printf("%c\n", d);
    printf("%c%c%c\n", 72, 105, 33);
    int n = 0;
    const char *num = "98765";
    while (*num) n = n * 10 + (*num++ - '0');
    printf("%d\n", n);
    char hex[9];
    unsigned int v = 0xC0FFEE42u;
    for (int i = 7; i >= 0; i--) {
        hex[i] = "0123456789abcdef"[v & 15];
        v >>= 4;
    }
    hex[8] = '\0';
    printf("%s\n", hex);
    unsigned char uc = 'z';
    signed char sc = 'Z';
    printf("%d %d\n", uc - sc, sc - uc);
    char buf[27];
    for (int i = 0; i < 26; i++) buf[i] = (char)('z' - i);
    buf[26] = 0;
    printf("%s\n", buf);
    int counts[26] = {0};
    const char *text = "the quick brown fox jumps over the lazy dog";
    for (const char *p = text; *p; p++)
        if (*p != ' ') counts[*p - 'a']++;
    for (int i = 0; i < 26; i++) printf("%d", counts[i]);
    printf("\n");
    printf("%d\n", "abc"[1]);
    printf("%c\n", *("xyz" + 2));
    return 0;
}
