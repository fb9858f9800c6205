#include <stdio.h>
#include <string.h>

static void reverse_range(char *b, char *e) {
    while (b < e) { char t = *b; *b++ = *e; *e-- = t; }
}

static void reverse_words(char *s) {
    reverse_range(s, s + strlen(s) - 1);
    char *w = s;
    for (char *p = s;; p++) {
        if (*p == ' ' || *p == '\0') {
            reverse_range(w, p - 1);
            if (!*p) break;
            w = p + 1;
        }
    }
}

static int is_palindrome(const char *s) {
    const char *e = s + strlen(s);
    while (s < e) {
        while (s < e && *s == ' ') s++;
        while (s < e && e[-1] == ' ') e--;
        if (s < e) {
            char a = *s, b = e[-1];
            if (a >= 'A' && a <= 'Z') a += 32;
            if (b >= 'A' && b <= 'Z') b += 32;
            if (a != b) return 0;
            s++;
            e--;
        }
    }
    return 1;
}

static void compress_rle(const char *in, char *out) {
    while (*in) {
        char c = *in;
        int n = 0;
        while (*in == c) { in++; n++; }
        if (n > 1) out += sprintf(out, "%d%c", n, c);
        else *out++ = c;
    }
    *out = 0;
}

int main(void) {
    char s1[] = "hello world from c";
    reverse_range(s1, s1 + strlen(s1) - 1);
    printf("%s\n", s1);
    char s2[] = "the sky is blue today";
    reverse_words(s2);
    printf("%s\n", s2);
    const char *tests[] = {"racecar", "A man a plan a canal Panama", "hello", "", "ab"};
    for (int i = 0; i < 5; i++) printf("%d", is_palindrome(tests[i]));
    printf("\n");
    char out[64];
    compress_rle("aaabccddddde", out);
    printf("%s\n", out);
    compress_rle("abc", out);
    printf("%s\n", out);
    char one[] = "x";
    reverse_range(one, one);
    printf("%s\n", one);
    return 0;
}
