#include <stdio.h>
#include <stdint.h>

int main(void) {
    printf("%d %d %d\n", 1 << 0, 1 << 5, 1 << 30);
    printf("%u\n", 1u << 31);
    printf("%d %d\n", 256 >> 4, 255 >> 7);
    printf("%u\n", 0x80000000u >> 31);
    printf("%lu\n", 1UL << 63);
    printf("%llu\n", 1ULL << 40);
    printf("%ld\n", 1L << 40);
    unsigned int x = 0xDEADBEEFu;
    for (int s = 0; s < 32; s += 4)
        printf("%x ", x >> s);
    printf("\n");
    for (int s = 0; s < 32; s += 5)
        printf("%x ", x << s);
    printf("\n");
    int n = 3;
    printf("%d\n", 5 << n);
    printf("%d\n", 1000 >> n);
    long lv = 123456789012L;
    printf("%ld %ld\n", lv >> 7, lv << 3);
    unsigned char c = 0x81;
    printf("%d %d\n", c << 1, c >> 1);
    uint64_t v = 0xFEDCBA9876543210ULL;
    printf("%llx\n", (unsigned long long)(v >> 36));
    printf("%llx\n", (unsigned long long)(v << 12));
    int a = 7;
    a <<= 2;
    printf("%d\n", a);
    a >>= 1;
    printf("%d\n", a);
    unsigned short sh = 1;
    printf("%d\n", sh << 20);
    /* right shift of negative values: arithmetic on gcc/x86-64 */
    int m = -16;
    printf("%d %d\n", m >> 2, -1 >> 10);
    long ml = -1024L;
    printf("%ld\n", ml >> 5);
    unsigned int r = 1;
    int cnt = 0;
    while (r) { r <<= 1; cnt++; }
    printf("cnt=%d\n", cnt);
    long long k = 3;
    printf("%lld\n", k << 61);
    printf("%d\n", (1 << 4) >> 2 << 1);
    printf("%u\n", (unsigned)(~0u >> 1));
    return 0;
}
