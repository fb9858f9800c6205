#include <stdio.h>

int main(void) {
    printf("%d %d %d\n", 0x10, 010, 10);
    printf("%d %d\n", 0xff, 0XFF);
    printf("%d %d\n", 0777, 0);
    printf("%u\n", 0xFFFFFFFF);
    printf("%zu %zu %zu\n", sizeof(0x7FFFFFFF), sizeof(0x80000000), sizeof(2147483648));
    printf("%zu %zu\n", sizeof(0xFFFFFFFFFF), sizeof(017777777777));
    printf("%zu %zu %zu %zu %zu\n", sizeof(1u), sizeof(1l), sizeof(1ul), sizeof(1ll), sizeof(1ull));
    printf("%zu %zu %zu\n", sizeof(1U), sizeof(1L), sizeof(1LL));
    printf("%zu %zu\n", sizeof(1LU), sizeof(1Ull));
    printf("%lu\n", 123ul);
    printf("%llu\n", 18446744073709551615ull);
    printf("%lld\n", 9223372036854775807ll);
    printf("%ld\n", -9223372036854775807L - 1);
    printf("%lx\n", 0xDEADBEEFCAFEBABEUL);
    printf("%lo\n", 01234567012345670123UL);
    printf("%d\n", 0x7fffffff);
    printf("%u\n", 037777777777u);
    printf("%d\n", -0x10);
    printf("%g %g %g\n", 1.5e3, 2.5E-2, .5);
    printf("%g %g\n", 1e0, 10.);
    printf("%zu %zu\n", sizeof(1.0f), sizeof(1.0));
    printf("%d\n", 'a');
    printf("%d %d %d\n", '\n', '\0', '\x41');
    printf("%d %d\n", '\101', '\177');
    printf("%zu\n", sizeof('a'));
    printf("%d\n", 1000000 * 3 / 3);
    printf("%d\n", 0x0 == 00);
    long x = 0x100000000;
    printf("%ld\n", x);
    printf("%d\n", (0x80000000 > 0));
    printf("%d\n", (-1 < 0x80000000));
    printf("%d\n", (-1 < 2147483648));
    return 0;
}
