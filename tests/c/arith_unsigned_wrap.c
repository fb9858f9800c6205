#include <stdio.h>
#include <limits.h>

int main(void) {
    unsigned int u = UINT_MAX;
    printf("%u\n", u);
    u = u + 1;
    printf("%u\n", u);
    u = 0;
    u = u - 1;
    printf("%u %x\n", u, u);
    unsigned int a = 4000000000u, b = 500000000u;
    printf("%u\n", a + b);
    printf("%u\n", b - a);
    printf("%u\n", a * 3u);
    printf("%u\n", a / 3u);
    printf("%u\n", a % 7u);
    unsigned short us = 65535;
    us++;
    printf("%d\n", us);
    us = 0;
    us--;
    printf("%d\n", us);
    unsigned char uc = 255;
    uc += 10;
    printf("%d\n", uc);
    uc = 3;
    uc -= 5;
    printf("%d\n", uc);
    unsigned long ul = ULONG_MAX;
    printf("%lu\n", ul);
    ul += 2;
    printf("%lu\n", ul);
    unsigned long long ull = 0;
    ull--;
    printf("%llu\n", ull);
    printf("%llx\n", ull * 3);
    unsigned int h = 2166136261u;
    const char *s = "wraparound";
    for (int i = 0; s[i]; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    printf("fnv=%u\n", h);
    unsigned int m = 0xFFFFFFFFu;
    printf("%u\n", m * m);
    printf("%u\n", -m);
    printf("%u\n", 0u - 1u);
    printf("%d\n", (int)(0u - 1u > 0));
    unsigned int neg = (unsigned int)-5;
    printf("%u %d\n", neg, (int)neg);
    printf("%u\n", neg / 2);
    return 0;
}
