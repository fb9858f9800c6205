/* Universal character names in string literals and character constants:
 * UTF-8 bytes in plain and u8 literals (as GCC encodes them), code points
 * in wide ones, including a name followed by a hex digit, which must not
 * join it (Oniguruma's tests write "(?i)\ufb00a"). */
#include <stdio.h>
#include <string.h>
#include <wchar.h>
int main(void) {
    const char *s = "caf\u00e9 \u20ac \U0001F600 (?i)\ufb00a \u0024B";
    const char *t = u8"\u00e9x";
    const wchar_t *w = L"\u00e9a\U0001F600b";
    int c = '\u0040';
    wchar_t wc = L'\u20ac';
    printf("%zu %zu %zu %d %d\n", strlen(s), strlen(t), wcslen(w), c, (int)wc);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) printf("%02x", *p);
    printf("\n");
    for (int i = 0; w[i]; i++) printf("%x ", (unsigned)w[i]);
    printf("\n");
    return 0;
}
