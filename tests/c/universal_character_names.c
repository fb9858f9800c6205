/* Universal character names (\u and \U) in narrow, u8, wide, char16_t
   and char32_t string literals and character constants, and characters
   outside the BMP in char16_t strings (surrogate pairs). */
#include <stdio.h>
#include <string.h>
#include <uchar.h>
#include <wchar.h>

int main(void) {
    const char *s = "caf\u00e9 \u20ac \U0001F600!";
    printf("%zu %s\n", strlen(s), s);
    for (const unsigned char *p = (const unsigned char *)u8"\u00e9"; *p; p++) printf("%02x ", *p);
    printf("\n");
    const wchar_t *w = L"\u00e9\u20ac\U0001F600x";
    for (int i = 0; w[i]; i++) printf("%x ", (unsigned)w[i]);
    printf("%zu\n", wcslen(w));
    const char16_t *u = u"a\u00e9\U0001F600";
    printf("%zu:", sizeof(u"a\u00e9\U0001F600"));
    for (int i = 0; u[i]; i++) printf(" %x", (unsigned)u[i]);
    printf("\n");
    const char16_t *raw = u"é€😀";
    printf("%zu:", sizeof(u"é€😀"));
    for (int i = 0; raw[i]; i++) printf(" %x", (unsigned)raw[i]);
    printf("\n");
    const char32_t *U = U"\U0001F600\u00e9";
    printf("%x %x %zu\n", (unsigned)U[0], (unsigned)U[1], sizeof(U"\U0001F600\u00e9"));
    printf("%x %x %x\n", (unsigned)L'\u00e9', (unsigned)u'\u20ac', (unsigned)U'\U0001F600');
    char a[] = "\u00e9t\u00e9";
    printf("%zu %s \\u00e9\n", sizeof a, a);
    return 0;
}
