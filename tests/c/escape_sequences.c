#include <stdio.h>

int main(void) {
    printf("%d %d %d %d %d %d %d\n", '\a', '\b', '\f', '\n', '\r', '\t', '\v');
    printf("%d %d %d %d %d\n", '\\', '\'', '\"', '\?', '\0');
    printf("%d %d %d\n", '\x41', '\x7f', '\x0');
    printf("%d %d %d %d\n", '\101', '\60', '\7', '\177');
    printf("%d %d\n", (unsigned char)'\xff', (unsigned char)'\377');
    printf("%d\n", (signed char)'\x80');
    const char *s = "A\x42\103\tD\\E\"F'G\?";
    for (const char *p = s; *p; p++) printf("%d ", *p);
    printf("\n");
    printf("%s\n", s);
    const char *oct = "\1\12\123\1234";
    for (const char *p = oct; *p; p++) printf("%d ", *p);
    printf("\n");
    const char *hex = "\x1\x12\x7a" "b";
    for (const char *p = hex; *p; p++) printf("%d ", *p);
    printf("\n");
    unsigned char u[] = "\xfe\xfd\x80";
    printf("%d %d %d %zu\n", u[0], u[1], u[2], sizeof(u));
    printf("a\tb\\n\n");
    printf("quote: \"inner\" apostrophe: ' %c\n", '\'');
    printf("percent: %% %c\n", '%');
    char nl = '\n';
    printf("%d\n", nl == 10);
    printf("line1\nline2\n");
    printf("%s", "ends with newline\n");
    return 0;
}
