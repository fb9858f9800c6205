/* Integer, character, string and floating literals in every spelling that
 * real code uses, with the type each one gets (LP64), and a bzip2-style
 * CRC-32 table written as lower-case hex constants (several of which start
 * with "0x0b", which must not be mistaken for a binary prefix). */
// gcc-check-flags: -Wno-multichar
#include <stdio.h>
#include <string.h>

#define T(lit) printf("%-24s size=%zu signed=%d val=%llx\n", #lit, sizeof(lit), \
                      (lit) - (lit) - 1 < 0, (unsigned long long)(lit))

static const unsigned int crc32Table[256] = {
    0x00000000L, 0x04c11db7L, 0x09823b6eL, 0x0d4326d9L, 0x130476dcL, 0x17c56b6bL, 0x1a864db2L, 0x1e475005L,
    0x2608edb8L, 0x22c9f00fL, 0x2f8ad6d6L, 0x2b4bcb61L, 0x350c9b64L, 0x31cd86d3L, 0x3c8ea00aL, 0x384fbdbdL,
    0x4c11db70L, 0x48d0c6c7L, 0x4593e01eL, 0x4152fda9L, 0x5f15adacL, 0x5bd4b01bL, 0x569796c2L, 0x52568b75L,
    0x6a1936c8L, 0x6ed82b7fL, 0x639b0da6L, 0x675a1011L, 0x791d4014L, 0x7ddc5da3L, 0x709f7b7aL, 0x745e66cdL,
    0x9823b6e0L, 0x9ce2ab57L, 0x91a18d8eL, 0x95609039L, 0x8b27c03cL, 0x8fe6dd8bL, 0x82a5fb52L, 0x8664e6e5L,
    0xbe2b5b58L, 0xbaea46efL, 0xb7a96036L, 0xb3687d81L, 0xad2f2d84L, 0xa9ee3033L, 0xa4ad16eaL, 0xa06c0b5dL,
    0xd4326d90L, 0xd0f37027L, 0xddb056feL, 0xd9714b49L, 0xc7361b4cL, 0xc3f706fbL, 0xceb42022L, 0xca753d95L,
    0xf23a8028L, 0xf6fb9d9fL, 0xfbb8bb46L, 0xff79a6f1L, 0xe13ef6f4L, 0xe5ffeb43L, 0xe8bccd9aL, 0xec7dd02dL,
    0x34867077L, 0x30476dc0L, 0x3d044b19L, 0x39c556aeL, 0x278206abL, 0x23431b1cL, 0x2e003dc5L, 0x2ac12072L,
    0x128e9dcfL, 0x164f8078L, 0x1b0ca6a1L, 0x1fcdbb16L, 0x018aeb13L, 0x054bf6a4L, 0x0808d07dL, 0x0cc9cdcaL,
    0x7897ab07L, 0x7c56b6b0L, 0x71159069L, 0x75d48ddeL, 0x6b93dddbL, 0x6f52c06cL, 0x6211e6b5L, 0x66d0fb02L,
    0x5e9f46bfL, 0x5a5e5b08L, 0x571d7dd1L, 0x53dc6066L, 0x4d9b3063L, 0x495a2dd4L, 0x44190b0dL, 0x40d816baL,
    0xaca5c697L, 0xa864db20L, 0xa527fdf9L, 0xa1e6e04eL, 0xbfa1b04bL, 0xbb60adfcL, 0xb6238b25L, 0xb2e29692L,
    0x8aad2b2fL, 0x8e6c3698L, 0x832f1041L, 0x87ee0df6L, 0x99a95df3L, 0x9d684044L, 0x902b669dL, 0x94ea7b2aL,
    0xe0b41de7L, 0xe4750050L, 0xe9362689L, 0xedf73b3eL, 0xf3b06b3bL, 0xf771768cL, 0xfa325055L, 0xfef34de2L,
    0xc6bcf05fL, 0xc27dede8L, 0xcf3ecb31L, 0xcbffd686L, 0xd5b88683L, 0xd1799b34L, 0xdc3abdedL, 0xd8fba05aL,
    0x690ce0eeL, 0x6dcdfd59L, 0x608edb80L, 0x644fc637L, 0x7a089632L, 0x7ec98b85L, 0x738aad5cL, 0x774bb0ebL,
    0x4f040d56L, 0x4bc510e1L, 0x46863638L, 0x42472b8fL, 0x5c007b8aL, 0x58c1663dL, 0x558240e4L, 0x51435d53L,
    0x251d3b9eL, 0x21dc2629L, 0x2c9f00f0L, 0x285e1d47L, 0x36194d42L, 0x32d850f5L, 0x3f9b762cL, 0x3b5a6b9bL,
    0x0315d626L, 0x07d4cb91L, 0x0a97ed48L, 0x0e56f0ffL, 0x1011a0faL, 0x14d0bd4dL, 0x19939b94L, 0x1d528623L,
    0xf12f560eL, 0xf5ee4bb9L, 0xf8ad6d60L, 0xfc6c70d7L, 0xe22b20d2L, 0xe6ea3d65L, 0xeba91bbcL, 0xef68060bL,
    0xd727bbb6L, 0xd3e6a601L, 0xdea580d8L, 0xda649d6fL, 0xc423cd6aL, 0xc0e2d0ddL, 0xcda1f604L, 0xc960ebb3L,
    0xbd3e8d7eL, 0xb9ff90c9L, 0xb4bcb610L, 0xb07daba7L, 0xae3afba2L, 0xaafbe615L, 0xa7b8c0ccL, 0xa379dd7bL,
    0x9b3660c6L, 0x9ff77d71L, 0x92b45ba8L, 0x9675461fL, 0x8832161aL, 0x8cf30badL, 0x81b02d74L, 0x857130c3L,
    0x5d8a9099L, 0x594b8d2eL, 0x5408abf7L, 0x50c9b640L, 0x4e8ee645L, 0x4a4ffbf2L, 0x470cdd2bL, 0x43cdc09cL,
    0x7b827d21L, 0x7f436096L, 0x7200464fL, 0x76c15bf8L, 0x68860bfdL, 0x6c47164aL, 0x61043093L, 0x65c52d24L,
    0x119b4be9L, 0x155a565eL, 0x18197087L, 0x1cd86d30L, 0x029f3d35L, 0x065e2082L, 0x0b1d065bL, 0x0fdc1becL,
    0x3793a651L, 0x3352bbe6L, 0x3e119d3fL, 0x3ad08088L, 0x2497d08dL, 0x2056cd3aL, 0x2d15ebe3L, 0x29d4f654L,
    0xc5a92679L, 0xc1683bceL, 0xcc2b1d17L, 0xc8ea00a0L, 0xd6ad50a5L, 0xd26c4d12L, 0xdf2f6bcbL, 0xdbee767cL,
    0xe3a1cbc1L, 0xe760d676L, 0xea23f0afL, 0xeee2ed18L, 0xf0a5bd1dL, 0xf464a0aaL, 0xf9278673L, 0xfde69bc4L,
    0x89b8fd09L, 0x8d79e0beL, 0x803ac667L, 0x84fbdbd0L, 0x9abc8bd5L, 0x9e7d9662L, 0x933eb0bbL, 0x97ffad0cL,
    0xafb010b1L, 0xab710d06L, 0xa6322bdfL, 0xa2f33668L, 0xbcb4666dL, 0xb8757bdaL, 0xb5365d03L, 0xb1f740b4L
};

static void integers(void)
{
    T(0x0b1d065b); T(0X0B1D065B); T(0x0b); T(0xb); T(0XB); T(0x0B); T(0x0bL);
    T(0xdeadBEEF); T(0xDEADbeef); T(0x0); T(0x00000000); T(0b1011); T(0B1011);
    T(0b0); T(0b11111111111111111111111111111111); T(0777); T(0); T(00); T(017);
    T(01234567); T(037777777777); T(0777777777777777777777); T(01000000000000000000000);
    T(10u); T(10U); T(10l); T(10L); T(10ll); T(10LL); T(10ul); T(10uL); T(10Ul);
    T(10UL); T(10lu); T(10lU); T(10Lu); T(10LU); T(10ull); T(10uLL); T(10Ull);
    T(10ULL); T(10llu); T(10LLu); T(10llU); T(10LLU); T(0x10LLU); T(010ul);
    T(0b10ull);
    T(2147483647); T(2147483648); T(-2147483648); T(-2147483647 - 1);
    T(0x7fffffff); T(0x80000000); T(-0x80000000); T(0xffffffff); T(4294967295);
    T(4294967295u); T(4294967296u); T(0x100000000); T(2147483648u);
    T(0x7fffffffL); T(4294967296LL); T(9223372036854775807); T(0x7fffffffffffffff);
    T(0x8000000000000000); T(18446744073709551615u); T(0xffffffffffffffff);
    T(9223372036854775807u); T(~0u); T(~0ul); T(-1u); T(1u << 31);
    printf("%d %d %d\n", -1 < 0u, -1L < 0u, -1 < 0ul);
    printf("%d %d\n", 0x0b1d065b == 186451547, 0B1011 == 0xb);
}

static void chars(void)
{
    static const char s1[] = "\x41\102\n\t\\\"\'\?\e\0tail";
    static const char s2[] = "\x4" "1" "\1234" "\0" "\x7f\177\377";
    static const char s3[] = "abc" "def" "" "g";
    unsigned i;
    int cs[] = { 'a', '\x41', '\101', '\0', '\e', '\'', '\"', '"', '\\', '\a', '\b',
                 '\f', '\n', '\r', '\t', '\v', '\?', '\377', '\xff', '\x7f', '\177',
                 '\12', "\0012"[1] == '2' ? 1 : 2, ' ', '~' };
    for (i = 0; i < sizeof cs / sizeof cs[0]; i++)
        printf("%d ", cs[i]);
    printf("\nsizeof 'a'=%zu sizeof(char)'a'=%zu\n", sizeof 'a', sizeof((char)'a'));
    printf("multichar %d %x %d\n", 'ab', 'RIFF', 'ab' == ('a' * 256 + 'b'));
    printf("s1 %zu:", sizeof s1);
    for (i = 0; i < sizeof s1; i++)
        printf(" %02x", (unsigned char)s1[i]);
    printf("\ns2 %zu:", sizeof s2);
    for (i = 0; i < sizeof s2; i++)
        printf(" %02x", (unsigned char)s2[i]);
    printf("\ns3 %zu %s %zu\n", sizeof s3, s3, strlen("a\0b"));
    printf("%s|%c|%c\n", "tab\there", "xyz"[1], *"q");
}

static void floats(void)
{
    double d[] = { 0x1p0, 0x1.8p1, 0x.8p0, 0x1P-2, 0xAp+3, 0X1.FFFFFFFFFFFFFP1023,
                   0x1p-1074, 0x1.0p-126f, 0xffp0, 1.5f, 1.5F, 1e3f, 1.f, .5f, 1e-3,
                   1E+3, 1., .5, 1e10, 1.e2, 6.02214076e23, 0e0, 00.5, 0777.0, 09.5,
                   08e1, 0.1f, 0.1, 1e-310, 123456789012345678.0, 0x1e + 1, 0x1.8p-1030,
                   0x1.000000000000081p0, 0x1.00000000000008p0, 0xfffffffffffffffffp0,
                   1.00000000000000011102230246251565404236316680908203125,
                   2.2250738585072011e-308, 0x1.fffffep127f, 0x1.ffffffp0f };
    unsigned i;
    for (i = 0; i < sizeof d / sizeof d[0]; i++)
        printf("%.17g %a\n", d[i], d[i]);
    printf("%zu %zu %zu %zu\n", sizeof 1.5f, sizeof 1.5, sizeof 0x1p3f, sizeof 1e0F);
    printf("%d %d\n", 0.1f == 0.1, (float)0.1 == 0.1f);
}

static unsigned crc_block(const unsigned char *p, size_t n, const unsigned *tab)
{
    unsigned crc = 0xffffffffU;
    while (n--)
        crc = (crc << 8) ^ tab[(crc >> 24) ^ *p++];
    return ~crc;
}

int main(void)
{
    unsigned table[256], i, j, c, sum = 0;
    int mismatches = 0;
    integers();
    chars();
    floats();
    for (i = 0; i < 256; i++) {
        c = i << 24;
        for (j = 0; j < 8; j++)
            c = (c & 0x80000000u) ? (c << 1) ^ 0x04c11db7u : c << 1;
        table[i] = c;
        if (table[i] != crc32Table[i]) {
            printf("mismatch at %u: %08x vs %08x\n", i, table[i], crc32Table[i]);
            mismatches++;
        }
        sum = sum * 33 + crc32Table[i];
    }
    printf("crc table mismatches=%d sum=%08x t[0x45]=%08x\n", mismatches, sum, crc32Table[0x45]);
    printf("crc(123456789)=%08x %08x\n",
           crc_block((const unsigned char *)"123456789", 9, crc32Table),
           crc_block((const unsigned char *)"123456789", 9, table));
    return 0;
}
