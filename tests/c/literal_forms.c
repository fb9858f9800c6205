/* String literal concatenation, embedded nulls, escapes (octal, hex, GNU's \e), wide and UTF-8 literal sizes, __func__, __LINE__, line splices and binary literals. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <wchar.h>

int main(void) {
    const char *s = "con" "cat" "enated" "\x41" "\101" "\0" "hidden";
    printf("%s %zu\n", s, sizeof("con" "cat"));
    char a[] = "a\0b\0c"; printf("%zu %d %d\n", sizeof a, a[2], a[5]);
    printf("%s\n", "tab\there\\ \"quote\" \'sq\' \a\b\f\v\r?" + 0 ? "ok" : "no");
    printf("%d %d %d %d\n", "\x7f"[0], "\377"[0], (unsigned char)"\377"[0], "\1234"[1]);
    printf("%zu %zu %zu\n", sizeof(L"ab" L"cd"), sizeof(L"ab" "cd"), sizeof(u8"x" "y"));
    printf("%d\n", "abc"[1]);
    printf("%c\n", 2["xyz"]);
    const char *pp = "hello" + 1; printf("%s\n", pp);
    printf("%s\n", __func__);
    printf("%d\n", __LINE__);
    printf("%d %d\n", __STDC__, __STDC_VERSION__ >= 199901L);
    printf("%s\n", strlen(__DATE__) == 11 ? "date" : "nodate");
    printf("%ls %d\n", L"wide" L"str", (int)sizeof(wchar_t));
    char multi[] = "line1\
line2"; printf("%s\n", multi);
    printf("%c%c%c\n", '\?', '\\', '\'');
    printf("??-\n");
    printf("%d\n", (int)'\e');
    unsigned char uc[] = "\xff\xfe"; printf("%d %d\n", uc[0], uc[1]);
    char c8 = '\x80'; printf("%d\n", c8);
    printf("%d %d\n", 'a' == 97, '0' + 5);
    printf("%lld %lld\n", 0b1011LL, 0B11ll);
    return 0;
}
