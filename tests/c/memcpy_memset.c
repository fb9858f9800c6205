#include <stdio.h>
#include <string.h>

struct S { int a; double b; char c[5]; };

int main(void) {
    int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int dst[8];
    memcpy(dst, src, sizeof src);
    for (int i = 0; i < 8; i++) printf("%d ", dst[i]);
    printf("\n");
    memset(dst, 0, sizeof dst);
    printf("%d %d\n", dst[0], dst[7]);
    memset(dst, 0xFF, 3 * sizeof(int));
    printf("%d %d %d %d\n", dst[0], dst[1], dst[2], dst[3]);
    memset(dst, 1, sizeof(int));
    printf("%d\n", dst[0]);
    memmove(src + 2, src, 4 * sizeof(int));
    for (int i = 0; i < 8; i++) printf("%d ", src[i]);
    printf("\n");
    memmove(src, src + 3, 5 * sizeof(int));
    for (int i = 0; i < 8; i++) printf("%d ", src[i]);
    printf("\n");
    struct S a = {42, 2.5, "abcd"}, b;
    memcpy(&b, &a, sizeof(struct S));
    printf("%d %g %s\n", b.a, b.b, b.c);
    printf("%d\n", memcmp(&a, &b, sizeof a));
    char buf[16];
    memset(buf, '-', 15);
    buf[15] = 0;
    memcpy(buf + 5, "HELLO", 5);
    printf("%s\n", buf);
    unsigned char bytes[4];
    unsigned int word = 0x11223344u;
    memcpy(bytes, &word, 4);
    printf("%x %x %x %x\n", bytes[0], bytes[1], bytes[2], bytes[3]);
    float f = 1.0f;
    unsigned int bits;
    memcpy(&bits, &f, sizeof bits);
    printf("%08x\n", bits);
    double d;
    unsigned long long dbits = 0x4009000000000000ULL;
    memcpy(&d, &dbits, sizeof d);
    printf("%g\n", d);
    printf("%d %d\n", memcmp("abc", "abd", 3) < 0, memcmp("abc", "abd", 2) == 0);
    char big[1000];
    memset(big, 7, sizeof big);
    long sum = 0;
    for (int i = 0; i < 1000; i++) sum += big[i];
    printf("%ld\n", sum);
    char *found = memchr("find the x here", 'x', 15);
    printf("%s\n", found);
    return 0;
}
