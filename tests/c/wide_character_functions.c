/* <wchar.h> <wctype.h> <uchar.h>: wide strings, mbstowcs/wcstombs, swprintf, wcstol, mbrtowc, and wide/UTF-8/char16_t/char32_t literals. */
#include <wchar.h>
#include <wctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <uchar.h>

int main(void) {
    const wchar_t *w = L"hello wide";
    printf("%zu %zu\n", wcslen(w), sizeof(wchar_t));
    wchar_t buf[32]; wcscpy(buf, w); wcscat(buf, L"!"); printf("%ls\n", buf);
    printf("%d\n", wcscmp(L"abc", L"abd") < 0);
    printf("%ls\n", wcschr(buf, L'w'));
    size_t n = mbstowcs(buf, "multibyte", 32); printf("%zu %lc\n", n, buf[5]);
    char cb[32]; n = wcstombs(cb, L"back", sizeof cb); printf("%zu %s\n", n, cb);
    printf("%d %d %d\n", iswalpha(L'a') != 0, iswdigit(L'5') != 0, towupper(L'q') == L'Q');
    wchar_t ws[] = L"arr"; printf("%zu\n", sizeof ws);
    const char *u8 = u8"utf8 \u00e9"; printf("%zu %s\n", strlen(u8), u8);
    const char16_t *u16 = u"ab\u00e9"; const char32_t *u32 = U"xyz\U0001F600";
    printf("%d %d %u %u\n", (int)u16[0], (int)u16[2], (unsigned)u32[3], (unsigned)sizeof(U"a"));
    printf("%zu %zu\n", sizeof(u"abc"), sizeof(L"abc"));
    wchar_t wc = L'\x263a'; printf("%x\n", (unsigned)wc);
    printf("%d\n", (int)L'A');
    swprintf(buf, 32, L"%d-%ls", 42, L"x"); printf("%ls\n", buf);
    long v = wcstol(L"  -123", NULL, 10); printf("%ld\n", v);
    printf("%d\n", WEOF != 0);
    mbstate_t st; memset(&st, 0, sizeof st); wchar_t o; size_t k = mbrtowc(&o, "Q", 1, &st); printf("%zu %lc\n", k, o);
    printf("%d\n", mblen("a", 1));
    return 0;
}
