/* Static initializers: char arrays in structs by designator, bit-fields, addresses of globals and of members, string arrays of every width, nested arrays, unions and flexible members. */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>
#include <stddef.h>

struct named { char name[8]; int id; unsigned flag : 1; unsigned mode : 3; };
static struct named ns[] = { { .name = "alpha", .id = 1, .mode = 5 }, { "beta", 2, 1, 7 }, [3] = { .flag = 1 } };
static int g1 = 10, g2 = 20;
static int *gps[] = { &g1, &g2, &g1 + 0 };
static struct { int *p; const char *s; } pairs[] = { { &g2, "g2" }, { (int *)0, "" } };
static unsigned char ub[] = "\xff\x01";
static signed char sb[4] = "ab";
static wchar_t wb[] = L"wide";
static char16_t c16[] = u"c16";
static char32_t c32[8] = U"c32";
static const char *const msgs[] = { "m0", "m1" };
static int (*const ops[])(const char *, ...) = { printf };
static char grid[][4] = { "ab", "cde", { 'f' } };
static struct named *pn = &ns[1];
static char *mid = ns[0].name + 2;
static ptrdiff_t diff = &ns[3].id - &ns[0].id;
static double dv[] = { 1, 2.5f, 'a', 1e1 };
static long lv = (long)&((struct named *)0)->id;
static int nested[2][2][2] = { { { 1 }, { 2, 3 } }, [1][1][1] = 8 };
static union { char c[4]; int i; } un = { "xyz" };
struct tail { int n; char s[]; };
static struct tail tl = { 3, "abc" };

int main(void) {
    for (int i = 0; i < 4; i++) printf("[%s %d %u %u] ", ns[i].name, ns[i].id, ns[i].flag, ns[i].mode); printf("%zu\n", sizeof ns / sizeof *ns);
    printf("%d %d %d %d %s\n", *gps[0], *gps[1], *gps[2], *pairs[0].p, pairs[0].s);
    printf("%d %d %zu %d %d %zu\n", ub[0], ub[1], sizeof ub, sb[1], sb[3], sizeof sb);
    printf("%ls %zu %d %d %zu %u %zu\n", wb, sizeof wb, c16[0], c16[3], sizeof c16, (unsigned)c32[2], sizeof c32);
    printf("%s %s\n", msgs[1], grid[1]);
    ops[0]("via ptr %d\n", 5);
    printf("%s %s %td\n", pn->name, mid, diff);
    printf("%g %g %g %g %ld\n", dv[0], dv[1], dv[2], dv[3], lv);
    printf("%d %d %d %d\n", nested[0][0][0], nested[0][1][1], nested[1][1][1], nested[1][0][0]);
    printf("%s %s %zu\n", un.c, tl.s, sizeof tl);
    char loc[10] = "hi"; printf("%d %d\n", loc[2], loc[9]);
    struct named ln = { .name = { 'q' }, .mode = 2 }; printf("%s %u\n", ln.name, ln.mode);
    return 0;
}
