/* GNU C and C11 odds and ends that real code (Linux, glibc, BSD userland,
 * embedded firmware) relies on. */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

struct s { char a; int b; double f; };
struct p { int x, y; };
struct __attribute__((packed)) hdr { char tag; int len; short crc; char end; };
struct zl { int n; int data[0]; };
struct fa { int n; int d[]; };
struct __attribute__((aligned(16))) al16 { char c; };

/* offsetof the old way, in static initializers */
static size_t off_b = (size_t)&((struct s *)0)->b;
static long off_f = (char *)&((struct s *)0)->f - (char *)0;
/* addresses of compound literals at file scope */
static struct p *gp = &(struct p){ 1, 2 };
static int *gip = (int[]){ 10, 20, 30 };
static struct fa gfa = { 3, { 7, 8, 9 } };
static char gbuf[3] __attribute__((aligned(16))) = "ab";
static _Alignas(32) int gal32;

typedef int T;
typedef struct item { int v; } item;

static int calls;
static int next_val(void) { return calls++; }

static int use_T(int T) { return T * 2; }                 /* parameter named like a typedef */
static int other(int item) { return item + 1; }

static __attribute__((noreturn, cold)) void die(const char *why)
{
    printf("fatal: %s\n", why);
    exit(3);
}

static inline __attribute__((always_inline)) int sq(int v) { return v * v; }
static __inline__ int cube(int v) { return v * sq(v); }

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define TYPE_NAME(x) _Generic((x), int: "int", unsigned: "unsigned", long: "long", \
    char: "char", char *: "char *", const char *: "const char *", double: "double", \
    float: "float", struct p: "struct p", default: "other")

static const char *classify(int c)
{
    switch (c) {
    case '0' ... '9': return "digit";
    case 'a' ... 'z':
    case 'A' ... 'Z': return "alpha";
    case 0 ... ' ' - 1: return "control";
    default: return "other";
    }
}

int main(void)
{
    int unused_var __attribute__((unused));
    int a, b, *ip, dflt = 5;
    __attribute__((aligned(16))) char lbuf[5];
    struct hdr h;
    struct zl z;
    struct fa *fp;
    T t = 4;
    char c = 'x';
    const char *cs = "lit";
    __extension__ long long ll = 1LL << 40;
    __signed__ char sc = -3;
    int __attribute__((aligned(8))) arr8[3] = { 1, 2, 3 };

    /* a ?: b evaluates a once */
    a = next_val() ?: 99;
    b = next_val() ?: 99;
    ip = 0;
    ip = ip ?: &dflt;
    printf("elvis %d %d %d calls=%d\n", a, b, *ip, calls);

    printf("packed %zu %zu %zu %zu\n", sizeof(struct hdr), offsetof(struct hdr, len),
           offsetof(struct hdr, crc), offsetof(struct hdr, end));
    h.tag = 'H';
    h.len = 0x12345678;
    h.crc = -2;
    h.end = '!';
    printf("hdr %c %x %d %c\n", h.tag, h.len, h.crc, h.end);
    printf("aligned %zu %zu %d %d %d %zu\n", sizeof(struct al16), _Alignof(struct al16),
           (int)((uintptr_t)gbuf % 16), (int)((uintptr_t)lbuf % 16),
           (int)((uintptr_t)&gal32 % 32), __alignof__(arr8));

    z.n = 1;
    printf("zero-length %zu %zu %zu\n", sizeof(struct zl), sizeof z.data, sizeof(int[0]));
    fp = malloc(sizeof *fp + 5 * sizeof fp->d[0]);
    fp->n = 5;
    for (a = 0; a < fp->n; a++)
        fp->d[a] = a * a;
    printf("flex %zu %d %d %d %d\n", sizeof(struct fa), fp->d[4], gfa.n, gfa.d[0], gfa.d[2]);
    free(fp);

    printf("typedef-names %d %d %d\n", use_T(21), other(1), t);
    {
        int T = 7;          /* hides the typedef in this block */
        item item = { T };  /* variable named like its own typedef */
        t += T + item.v;
    }
    {
        T again = t;        /* T is a type again */
        printf("again %d\n", again);
    }

    printf("offsets %zu %ld %zu\n", off_b, off_f, __builtin_offsetof(struct s, f));
    printf("literals %d %d %d %d %d\n", gp->x, gp->y, gip[0], gip[2], (*gp).x + gip[1]);

    printf("generic %s %s %s %s %s %s %s %s %s\n", TYPE_NAME(t), TYPE_NAME(1u), TYPE_NAME(2L),
           TYPE_NAME(c), TYPE_NAME("str"), TYPE_NAME(cs), TYPE_NAME(1.0), TYPE_NAME(1.0f),
           TYPE_NAME(*gp));
    printf("generic %s %s %s %s\n", TYPE_NAME(+c), TYPE_NAME(c + 0L), TYPE_NAME(ll),
           TYPE_NAME(sc));

    {
        wchar_t ws[] = L"abc";
        wchar_t w2[] = L"x" L"\x263a" "y";
        printf("wide %zu %zu %d %d %d %zu %zu\n", sizeof(L'a'), sizeof ws, ws[0], ws[2], ws[3],
               sizeof L"abc", sizeof w2 / sizeof w2[0]);
        printf("wide %d %d %d %d %d\n", L'a', L'\0', w2[1], w2[2], L'\xff' + L'\377');
        printf("wcslen %zu\n", wcslen(ws) + wcslen(L"hello"));
    }

    printf("stmt-expr %d %lld %.1f\n", MAX(3, 9), MAX(ll, 5L), MAX(2.5, -1.0));
    a = 1;
    b = MAX(a++, 0);
    printf("once %d %d\n", a, b);
    printf("class %s %s %s %s %s\n", classify('7'), classify('q'), classify('Q'),
           classify('\t'), classify('~'));
    if (__builtin_expect(t > 100, 0))
        die("unexpected");
    printf("cube %d %d %lld %d\n", cube(3), cube(-4), ll, sc);
    printf("builtins %d %d %d %x\n", __builtin_popcount(0xf0f0u), __builtin_ctz(0x80u),
           __builtin_clz(1u), __builtin_bswap32(0x11223344u));
    printf("func %s %s %s\n", __func__, __FUNCTION__, __PRETTY_FUNCTION__);
    {
        typeof(ll) copy = ll >> 8;
        __typeof__(*gp) q = { 3, 4 };
        printf("typeof %lld %d %zu\n", copy, q.x * q.y, sizeof(typeof(char[7])));
    }
    return 0;
}
