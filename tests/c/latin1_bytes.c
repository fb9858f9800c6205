/* Source is bytes: a Latin-1 byte in a string literal or a character
 * constant is valid C that gcc accepts, and it is the byte itself (the
 * frontend escapes it through lang-c, which reads UTF-8, and the literal
 * decoder turns it back). */
#include <stdio.h>
#include <string.h>

int main() {
    const char *s = "café crème ÿ";
    char c = 'é';
    unsigned sum = 0;
    for (size_t i = 0; i < strlen(s); i++) sum = sum * 31 + (unsigned char)s[i];
    printf("%zu %u %d %d\n", strlen(s), sum, c, (unsigned char)s[11]);
    return 0;
}
