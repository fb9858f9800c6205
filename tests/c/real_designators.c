/* Designated initializers in all the shapes that real code (Linux-style
 * tables, option structs, lookup arrays) uses, for globals and locals. */
// gcc-check-flags: -Wno-override-init -Wno-missing-braces
#include <stdio.h>
#include <string.h>

struct inner { int b, c; };
struct outer { int x; struct inner a; int y[3]; char name[8]; };
struct pt { int x, y; };
union val { struct { float f; int pad; } v; struct { short x, y[3]; } u; long l; };
struct ops { const char *name; int (*fn)(int); int flags; };

static int dbl(int v) { return v * 2; }
static int sq(int v) { return v * v; }

/* nested designator, then positional values continue after it */
int g2[3][3] = { [1][0] = 4, 3, 2, [0][2] = 9 };
/* positional, designator, positional inside one row */
int g2b[2][4] = { { 4, [2] = 7, 9 }, [1] = { [3] = 1 } };
/* member designators followed by positional values */
struct outer go = { .a = { 5, 6 }, 7, 8, 9, .x = 1 };
/* designators into nested members */
struct outer gn = { .a.b = 1, .a.c = 2, .y[2] = 3, .name = "nest" };
/* array of structs */
struct pt gpts[4] = { [2].x = 5, [2].y = 6, [0] = { 1, 2 }, { .y = 4 } };
/* union designators switching member: the last one wins */
union val gu = { .v.f = 4.44f, .u.y[1] = 3 };
union val gu2 = { .l = -1, .u.x = 2 };
/* overriding a previous initializer */
int gov[5] = { 1, 2, 3, 4, 5, [1] = 20, [3] = 40 };
struct pt gov2 = { .x = 1, .y = 2, .x = 3 };
/* brace elision across an array of structs */
struct pt gel[3] = { 1, 2, 3, 4, 5 };
int gel2[2][3] = { 1, 2, 3, 4 };
/* empty initializer */
struct outer gempty = {};
/* size from the largest designator */
int gsz[] = { [5] = 1 };
int gsz2[] = { 1, 2, [10] = 3, 4 };
char gstr[] = { [3] = 'x', 'y' };
/* table of operations, Linux style */
static const struct ops optab[] = {
    [2] = { .name = "sq", .fn = sq },
    [0] = { "dbl", dbl, 1 },
    [1] = { .flags = 7, .name = "none" },
};
/* GNU ranges and enum-indexed tables */
enum color { RED, GREEN, BLUE, NCOLORS };
static const char *const color_names[NCOLORS + 1] = { [BLUE] = "blue", [RED] = "red",
                                                       [GREEN] = "green" };
int granges[12] = { [0 ... 3] = 1, [7 ... 9] = 2, [sizeof(int)] = 4, [2] = 8 };
/* anonymous struct and union members */
struct anon { int kind; union { int i; struct { short lo, hi; }; }; char s[4]; };
struct anon ganon[] = { { .kind = 1, .i = 0x10002 }, { 2, .lo = -1, 5, .s = "ok" } };
/* strings in char arrays inside structs */
struct rec { char tag[4]; char text[10]; int n; };
struct rec grec[] = { { "ab", "hello", 1 }, { .text = "world", .tag = "xyz" }, [3] = { "q" } };

static unsigned sum_bytes(const void *p, size_t n)
{
    const unsigned char *b = p;
    unsigned s = 0;
    while (n--)
        s = s * 31 + *b++;
    return s;
}

static void show_outer(const char *tag, const struct outer *o)
{
    printf("%s: x=%d a=%d,%d y=%d,%d,%d name=\"%s\"\n", tag, o->x, o->a.b, o->a.c,
           o->y[0], o->y[1], o->y[2], o->name);
}

static void show_ints(const char *tag, const int *p, int n)
{
    int i;
    printf("%s:", tag);
    for (i = 0; i < n; i++)
        printf(" %d", p[i]);
    printf("\n");
}

int main(void)
{
    int i, k = 3;
    show_ints("g2", &g2[0][0], 9);
    show_ints("g2b", &g2b[0][0], 8);
    show_outer("go", &go);
    show_outer("gn", &gn);
    for (i = 0; i < 4; i++)
        printf("gpts[%d]=%d,%d\n", i, gpts[i].x, gpts[i].y);
    printf("gu x=%d y=%d,%d,%d\n", gu.u.x, gu.u.y[0], gu.u.y[1], gu.u.y[2]);
    printf("gu2 x=%d\n", gu2.u.x);
    show_ints("gov", gov, 5);
    printf("gov2=%d,%d\n", gov2.x, gov2.y);
    show_ints("gel", &gel[0].x, 6);
    show_ints("gel2", &gel2[0][0], 6);
    printf("gempty=%08x\n", sum_bytes(&gempty, sizeof gempty));
    printf("gsz %zu gsz2 %zu gstr %zu\n", sizeof gsz / sizeof gsz[0],
           sizeof gsz2 / sizeof gsz2[0], sizeof gstr);
    show_ints("gsz2", gsz2, 12);
    printf("gstr %d %d %d %c %c\n", gstr[0], gstr[2], gstr[3], gstr[3], gstr[4]);
    for (i = 0; i < 3; i++)
        printf("op %s %d %d\n", optab[i].name, optab[i].fn ? optab[i].fn(i + 5) : -1,
               optab[i].flags);
    for (i = 0; i < 4; i++)
        printf("rec %d [%s] [%s] %d\n", i, grec[i].tag, grec[i].text, grec[i].n);
    printf("sizeof grec %zu\n", sizeof grec);
    for (i = 0; i <= NCOLORS; i++)
        printf("color %d %s\n", i, color_names[i] ? color_names[i] : "(null)");
    show_ints("granges", granges, 12);
    for (i = 0; i < 2; i++)
        printf("anon %d %d %d %d [%s]\n", ganon[i].kind, ganon[i].i, ganon[i].lo, ganon[i].hi,
               ganon[i].s);

    /* the same shapes as locals, with non-constant values */
    {
        int l2[3][3] = { [1][0] = k + 1, k, k - 1, [0][2] = k * 3 };
        int l2b[2][4] = { { k + 1, [2] = k * 2 + 1, 9 }, [1] = { [3] = 1 } };
        struct outer lo = { .a = { k + 2, 6 }, 7, 8, k * 3, .x = 1 };
        struct outer ln = { .a.b = 1, .a.c = k - 1, .y[2] = k, .name = "local" };
        struct pt lpts[4] = { [2].x = 5, [2].y = k * 2, [0] = { 1, 2 }, { .y = 4 } };
        union val lu = { .v.f = 4.44f, .u.y[1] = k };
        int lov[5] = { 1, 2, 3, 4, 5, [1] = 20, [3] = k * 10 };
        struct pt lov2 = { .x = 1, .y = k, .x = k };
        struct pt lel[3] = { 1, 2, k, 4, 5 };
        struct outer lempty = {};
        int lsz[] = { [5] = k };
        char lbuf[16] = "abc";
        struct rec lrec = { .text = "local", .n = k, .tag = { 'a', [2] = 'c' } };
        struct pt *cp = (struct pt[]){ [1] = { .y = k }, [0].x = 2 };
        int *ip = (int[8]){ [7] = 1, [2] = k };
        int lranges[8] = { [1 ... 6] = 5, [3] = k, [7] = k + 1 };
        struct inner in0 = { k, k + 1 };
        struct outer lcopy = { .a = in0, .y = { [1] = k }, .name = { "xy" } };
        struct anon lanon = { .hi = k, .kind = 9, .s = "z" };

        show_ints("l2", &l2[0][0], 9);
        show_ints("l2b", &l2b[0][0], 8);
        show_outer("lo", &lo);
        show_outer("ln", &ln);
        for (i = 0; i < 4; i++)
            printf("lpts[%d]=%d,%d\n", i, lpts[i].x, lpts[i].y);
        printf("lu x=%d y=%d,%d,%d\n", lu.u.x, lu.u.y[0], lu.u.y[1], lu.u.y[2]);
        show_ints("lov", lov, 5);
        printf("lov2=%d,%d\n", lov2.x, lov2.y);
        show_ints("lel", &lel[0].x, 6);
        printf("lempty=%08x\n", sum_bytes(&lempty, sizeof lempty));
        printf("lsz %zu %d %d\n", sizeof lsz / sizeof lsz[0], lsz[0], lsz[5]);
        printf("lbuf %zu %d %d\n", strlen(lbuf), lbuf[3], lbuf[15]);
        printf("lrec [%s] %d %d %d [%s] %d\n", lrec.tag, lrec.tag[1], lrec.tag[2], lrec.tag[3],
               lrec.text, lrec.n);
        printf("cp %d,%d %d,%d\n", cp[0].x, cp[0].y, cp[1].x, cp[1].y);
        show_ints("ip", ip, 8);
        show_ints("lranges", lranges, 8);
        show_outer("lcopy", &lcopy);
        printf("lanon %d %d %d [%s]\n", lanon.kind, lanon.lo, lanon.hi, lanon.s);
    }
    return 0;
}
