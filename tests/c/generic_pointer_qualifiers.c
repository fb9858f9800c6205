/* _Generic chooses by the qualifiers of what a pointer points to: char *
 * and const char * differ, a qualified association type never matches. */
#include <stdio.h>
#define T(x) _Generic((x), char *: "char*", const char *: "const char*", volatile int *: "volatile int*", int *: "int*", const int: "const int(never)", int: "int", char *const *: "char*const*", const char **: "const char**", default: "other")
typedef const char *cstr;
struct s { const char *name; char *buf; };
int main() {
    char buf[4] = "ab"; const char *cs = buf; char *p = buf; int i = 0; volatile int vi; int *const ip = &i;
    cstr c2 = cs; char *const *pcp = &p; const char **pcs = &cs; struct s st = { "x", buf };
    char *const cp = buf;
    printf("%s %s %s %s %s %s\n", T(cs), T(p), T(buf), T("lit"), T(&vi), T(ip));
    printf("%s %s %s %s %s %s\n", T(c2), T(pcp), T(pcs), T(st.name), T(st.buf), T(i));
    printf("%s %s %s %s\n", T(*pcs), T(*pcp), T((const char *)p), T(cp));
    printf("%d\n", _Generic(i, const int: 1, default: 0));
    return more();
}
int more();
int more() {
    const char cs[] = "x"; volatile int vi = 1; const int ci = 2; int plain = 3;
    { int ci = 4; printf("%s %s %s %s %s\n", T(cs), T(&vi), T(&ci), T(&plain), T("s")); }
    printf("%s\n", T(&ci));
    return 0;
}
