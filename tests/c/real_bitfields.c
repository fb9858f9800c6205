/* Bit-fields as used in protocol headers, pixel formats and flag words:
 * signed/unsigned/int/_Bool/char fields, widths 1..32, unnamed fields and
 * ":0", packing across storage units, read-modify-write, wrap-around,
 * values of assignments, initializers and integer promotion. */
#include <stdio.h>
#include <stddef.h>

struct flags {
    unsigned a : 1, b : 2, c : 3;
    int d : 5;
    unsigned : 0;
    unsigned e : 31;
    unsigned f : 1;
    _Bool g : 1;
    char h : 4;
    unsigned char i : 7;
    signed char j : 3;
    unsigned long long k : 40;
    unsigned int : 4;
    unsigned l : 32;
};

struct s1 { unsigned a : 20; unsigned b : 20; };             /* b starts a new unit */
struct s2 { unsigned long long a : 20, b : 20, c : 30; };     /* c crosses to word 2 */
struct s3 { char a : 4; int b : 4; };
struct s4 { char c; int x : 8; int y : 24; char z; };
struct s5 { int a : 1; long : 0; int b : 1; };
struct s6 { unsigned short b : 5, g : 6, r : 5; };           /* RGB565 */
struct s7 { unsigned char x : 1; unsigned char : 0; unsigned char y : 1; };

union word {
    unsigned w;
    struct { unsigned op : 6, rs : 5, rt : 5, imm : 16; } i;
};

enum kind { K_NONE, K_INT, K_FLOAT, K_STR };
struct mode { enum kind kind : 2; unsigned cnt : 3; int delta : 4; unsigned wide : 31; };

static struct mode bump(struct mode m)
{
    m.cnt++;
    m.delta--;
    m.kind = m.kind == K_STR ? K_NONE : m.kind + 1;
    return m;
}

struct ipv4 {
    unsigned ihl : 4, version : 4;
    unsigned tos : 8;
    unsigned len : 16;
};

static struct flags gf = { 1, 3, 7, -16, 0x7fffffff, 1, 1, -8, 127, -4, 0xffffffffffULL, 0xffffffffu };
static struct flags gd = { .e = 12345, .a = 1, .j = 3, .h = 7, .k = 1ULL << 39 };
static struct s6 pal[4] = { { 31, 0, 0 }, { 0, 63, 0 }, { .r = 31 }, { 1, 2, 3 } };

static void show(const char *tag, const struct flags *p)
{
    printf("%s: %u %u %u %d %u %u %d %d %u %d %llx %u\n", tag, p->a, p->b, p->c, p->d, p->e,
           p->f, p->g, p->h, p->i, p->j, (unsigned long long)p->k, p->l);
}

static int takes_int(int v) { return v * 3; }

int main(void)
{
    struct flags x = { 0 };
    union word u;
    struct ipv4 ip = { 5, 4, 0, 1500 };
    struct s6 px[16];
    unsigned i, sum = 0;
    int r, seven = 7;
    long lv;
    struct mode m = { 0 }, m2;
    struct mode *mp = &m;

    printf("sizes %zu %zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct flags), sizeof(struct s1),
           sizeof(struct s2), sizeof(struct s3), sizeof(struct s4), sizeof(struct s5),
           sizeof(struct s6), sizeof(struct s7), sizeof(union word));
    printf("offsetof z=%zu\n", offsetof(struct s4, z));
    show("gf", &gf);
    show("gd", &gd);
    show("x0", &x);

    /* read-modify-write and wrap-around */
    x.c = 5;
    x.c += 5;                /* 10 -> 2 */
    x.b = 3;
    x.b++;                   /* wraps to 0 */
    x.a = 1;
    r = ++x.a;               /* value of ++ is the wrapped value */
    printf("wrap c=%u b=%u a=%u r=%d\n", x.c, x.b, x.a, r);
    r = x.c++;
    printf("post r=%d c=%u\n", r, x.c);
    r = (x.b = seven);       /* assignment value is the stored 3 */
    printf("assign r=%d b=%u\n", r, x.b);
    x.d = 15;
    x.d += 1;                /* implementation-defined: -16 with gcc */
    printf("d=%d\n", x.d);
    x.d = -1;
    x.d *= 4;
    x.d |= 1;
    printf("d=%d\n", x.d);
    x.g = 2;                 /* _Bool conversion */
    printf("g=%d\n", x.g);
    x.g = 0.5;
    printf("g=%d\n", x.g);
    x.e = 0x7fffffff;
    x.e++;
    x.l = 0;
    x.l--;
    x.k = 0xfffffffffeULL;
    x.k += 3;
    printf("e=%u l=%u k=%llx\n", x.e, x.l, (unsigned long long)x.k);
    x.i = seven + 193;
    x.h = -3;
    x.j = -seven + 2;               /* -5 does not fit in 3 bits: 3 with gcc */
    printf("i=%u h=%d j=%d\n", x.i, x.h, x.j);

    /* promotion: an unsigned 3-bit field promotes to int */
    x.c = 2;
    printf("promo %d %d %d %zu\n", x.c - 5 < 0, x.l - 1 < 0, (x.c - 5) / 2, sizeof(x.c + 0));
    printf("cmp %d %d %d\n", x.c == 2, x.d < 0, x.c > 1u);
    printf("call %d %d\n", takes_int(x.c), takes_int(x.d));
    printf("mixed %d %u\n", x.c * x.d, x.b + x.c + x.l);

    /* union view of bit-fields */
    u.w = 0;
    u.i.op = 0x23;
    u.i.rs = 29;
    u.i.rt = 8;
    u.i.imm = 0xfffc;
    printf("word=%08x\n", u.w);
    u.w = 0x8fa80010u;
    printf("fields %u %u %u %u\n", u.i.op, u.i.rs, u.i.rt, u.i.imm);
    printf("ip v%u ihl=%u len=%u hdr=%u\n", ip.version, ip.ihl, ip.len, ip.ihl * 4);

    /* arrays of structs with bit-fields */
    for (i = 0; i < 16; i++) {
        px[i].r = i * 3;
        px[i].g = i * 5;
        px[i].b = 31 - i;
    }
    for (i = 0; i < 16; i++) {
        px[i].g += px[(i + 1) % 16].r;
        sum = sum * 7 + (px[i].r << 11 | px[i].g << 5 | px[i].b);
    }
    printf("px sum=%u\n", sum);
    for (i = 0; i < 4; i++)
        printf("pal %u %u %u\n", pal[i].r, pal[i].g, pal[i].b);
    {
        struct s4 s = { 'q', -100, 0x7fffff, 'z' };
        struct s7 t = { 1, 1 };
        s.y = s.y + 1;   /* wraps to -0x800000 with gcc */
        printf("s4 %c %d %d %c s7 %u %u\n", s.c, s.x, s.y, s.z, t.x, t.y);
    }

    /* enum bit-fields (unsigned with gcc: no negative enumerators) */
    m.kind = K_STR;
    printf("kind %d %u %d %d\n", m.kind, (unsigned)m.kind, m.kind == K_STR, m.kind > 2);
    for (i = 0; i < 6; i++) {
        m = bump(m);
        printf("bump %d %u %d\n", m.kind, m.cnt, m.delta);
    }
    switch (m.kind) {
    case K_NONE: printf("none\n"); break;
    case K_INT: printf("int\n"); break;
    case K_FLOAT: printf("float\n"); break;
    case K_STR: printf("str\n"); break;
    }
    /* a bit-field as loop counter, through a pointer */
    r = 0;
    for (mp->cnt = 0; mp->cnt < 7; mp->cnt++)
        r += mp->cnt;
    m2 = m;
    m2.wide = 0x7ffffffe;
    m2.wide += 3u;           /* int + 3 would overflow: the field promotes to int */
    lv = m.delta;
    printf("loop r=%d cnt=%u lv=%ld wide=%u %d\n", r, m.cnt, lv, m2.wide,
           m2.wide - m2.wide - 1 < 0);
    printf("neg cmp %d %d\n", x.c > -1, x.l > (unsigned)-1);
    return 0;
}
