// gcc-check-flags: -Wno-format-truncation
#include <stdio.h>
#include <limits.h>

int main(void) {
    printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42, 42);
    printf("[%d] [%5d] [%-5d] [%05d]\n", -42, -42, -42, -42);
    printf("[%u] [%x] [%X] [%o] [%#x] [%#o]\n", 3000000000u, 48879, 48879, 8, 255, 8);
    printf("[%8x] [%-8x] [%08x]\n", 0xbeef, 0xbeef, 0xbeef);
    printf("[%ld] [%lu] [%lx]\n", LONG_MIN, ULONG_MAX, 0x123456789abcdefL);
    printf("[%lld] [%llu]\n", LLONG_MAX, 0ULL);
    printf("[%hd] [%hu] [%hhd] [%hhu]\n", (short)-5, (unsigned short)65535, (signed char)-1, (unsigned char)255);
    printf("[%c] [%3c] [%-3c]\n", 'x', 'y', 'z');
    printf("[%s] [%10s] [%-10s] [%.2s] [%10.3s]\n", "hello", "hello", "hello", "hello", "hello");
    printf("[%%] [100%%]\n");
    printf("[%zu] [%zd]\n", sizeof(long), (long)-3);
    printf("[%i]\n", 123);
    printf("[%.3d] [%8.3d]\n", 7, 7);
    printf("[%*d] [%-*d]\n", 6, 1, 6, 2);
    printf("%d %d %d\n", INT_MIN, INT_MAX, 0);
    int len = printf("abc\n");
    printf("%d\n", len);
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%d-%s-%x", 12, "ab", 255);
    printf("%s %d\n", buf, n);
    n = sprintf(buf, "%05.1f|%c", 3.14159, 'q');
    printf("%s %d\n", buf, n);
    n = snprintf(buf, 5, "%s", "truncated");
    printf("%s %d\n", buf, n);
    printf("%s\n", "");
    printf("multi" "part" " format %d\n", 1);
    return 0;
}
