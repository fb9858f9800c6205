/* Comparisons of chars and shorts, which C makes on their promotions to
   int and nissecc on the narrow values when that is exact: every pair of
   values at the types' limits under every operator, signed against
   unsigned (which stays wide), against constants in and out of the
   narrow range, and a strstr whose loop reuses the byte it tested.
   Output is compared with gcc's. */
#include <stdio.h>

static const signed char schars[] = {-128, -127, -2, -1, 0, 1, 2, 126, 127};
static const unsigned char uchars[] = {0, 1, 2, 126, 127, 128, 129, 254, 255};
static const short shorts[] = {-32768, -32767, -129, -128, -1, 0, 1, 127, 128, 255, 256, 32766, 32767};
static const unsigned short ushorts[] = {0, 1, 127, 128, 255, 256, 32767, 32768, 32769, 65534, 65535};

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The six operators on one pair, as six bits. */
#define ORDER_BITS(x, y) \
    (((x) == (y)) | ((x) != (y)) << 1 | ((x) < (y)) << 2 | ((x) <= (y)) << 3 | ((x) > (y)) << 4 | ((x) >= (y)) << 5)

/* The six operators against constants at and beyond the narrow limits. */
#define CONSTANT_BITS(x) \
    (ORDER_BITS(x, -32769) ^ ORDER_BITS(x, -32768) << 1 ^ ORDER_BITS(x, -129) << 2 ^ ORDER_BITS(x, -128) << 3 \
     ^ ORDER_BITS(x, -1) << 4 ^ ORDER_BITS(x, 0) << 5 ^ ORDER_BITS(x, 127) << 6 ^ ORDER_BITS(x, 128) << 7 \
     ^ ORDER_BITS(x, 255) << 8 ^ ORDER_BITS(x, 256) << 9 ^ ORDER_BITS(x, 0x7fff) << 10 \
     ^ ORDER_BITS(x, 0x8000) << 11 ^ ORDER_BITS(x, 0xffff) << 12 ^ ORDER_BITS(x, 0x10000) << 13)

static unsigned long mix(unsigned long h, unsigned v)
{
    return h * 1000003UL ^ v;
}

/* A hash of every operator on every pair of elements of `a`, and of every
   element against the constants; one definition per element type. */
#define DEFINE_PAIRS_HASH(name, type) \
    static unsigned long name(const type *a, int n) \
    { \
        unsigned long h = 0; \
        for (int i = 0; i < n; i++) { \
            for (int j = 0; j < n; j++) \
                h = mix(h, ORDER_BITS(a[i], a[j])); \
            h = mix(h, CONSTANT_BITS(a[i])); \
        } \
        return h; \
    }

DEFINE_PAIRS_HASH(signed_chars, signed char)
DEFINE_PAIRS_HASH(unsigned_chars, unsigned char)
DEFINE_PAIRS_HASH(signed_shorts, short)
DEFINE_PAIRS_HASH(unsigned_shorts, unsigned short)

/* Signed against unsigned of one width, and bytes against shorts. */
static unsigned long mixed(void)
{
    unsigned long h = 0;
    for (int i = 0; i < N(schars); i++)
        for (int j = 0; j < N(uchars); j++)
            h = mix(h, ORDER_BITS(schars[i], uchars[j]) | ORDER_BITS(uchars[j], schars[i]) << 6);
    for (int i = 0; i < N(shorts); i++)
        for (int j = 0; j < N(ushorts); j++)
            h = mix(h, ORDER_BITS(shorts[i], ushorts[j]) | ORDER_BITS(schars[j % N(schars)], shorts[i]) << 6);
    return h;
}

/* Counts the pairs whose bytes are equal as chars, and those whose bytes
   are equal as unsigned chars but differ as signed char against unsigned
   char, so that the two readings of one byte meet in one comparison. */
static int same_bytes(const char *s, const char *t)
{
    int equal = 0, differ = 0;
    for (; *s && *t; s++, t++) {
        if (*s == *t)
            equal++;
        if ((unsigned char)*s == (unsigned char)*t && (signed char)*s != (unsigned char)*t)
            differ++;
    }
    return equal * 100 + differ;
}

static long find(const char *hay, const char *needle)
{
    for (const char *h = hay; *h; h++) {
        const char *a = h, *b = needle;
        while (*a && *b && *a == *b) {
            a++;
            b++;
        }
        if (*b == '\0')
            return h - hay;
    }
    return -1;
}

int main(void)
{
    printf("signed char %lu\n", signed_chars(schars, N(schars)));
    printf("unsigned char %lu\n", unsigned_chars(uchars, N(uchars)));
    printf("short %lu\n", signed_shorts(shorts, N(shorts)));
    printf("unsigned short %lu\n", unsigned_shorts(ushorts, N(ushorts)));
    printf("mixed %lu\n", mixed());
    printf("same bytes %d\n", same_bytes("a\x80\xff\x7f-z", "a\x80\xfe\x7f+z"));
    printf("find %ld %ld %ld\n", find("caf\xe9 \xff\x80x", "\xff\x80"), find("abcabd", "abd"), find("\x80\x81", "\x81\x80"));
    /* Direct comparisons with the limits, one by one. */
    for (int i = 0; i < N(schars); i++)
        printf("%d:%d%d%d%d ", schars[i], schars[i] == -128, schars[i] < 127, schars[i] > -1, schars[i] != 128);
    printf("\n");
    for (int i = 0; i < N(uchars); i++)
        printf("%d:%d%d%d%d ", uchars[i], uchars[i] == 255, uchars[i] < 128, uchars[i] >= 0x80, uchars[i] != -1);
    printf("\n");
    for (int i = 0; i < N(ushorts); i++)
        printf("%d:%d%d%d ", ushorts[i], ushorts[i] == 0x8000, ushorts[i] > 0x7fff, ushorts[i] <= 65535);
    printf("\n");
    return 0;
}
