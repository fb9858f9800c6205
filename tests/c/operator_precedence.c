// gcc-check-flags: -Wno-parentheses
#include <stdio.h>

int main(void) {
    int a = 2, b = 3, c = 4, d = 5;
    printf("%d\n", a + b * c);
    printf("%d\n", a * b + c * d);
    printf("%d\n", a - b - c);
    printf("%d\n", d / a * b);
    printf("%d\n", d % b * c);
    printf("%d\n", a << b + 1);
    printf("%d\n", 64 >> a - 1);
    printf("%d\n", a < b == c < d);
    printf("%d\n", a & b | c ^ d);
    printf("%d\n", a | b & c);
    printf("%d\n", a ^ b & c);
    printf("%d\n", a == 2 & b == 3);
    printf("%d\n", a + b > c && c - b < a);
    printf("%d\n", a || b && 0);
    printf("%d\n", !a + b);
    printf("%d\n", -a * -b);
    printf("%d\n", ~a + 1);
    printf("%d\n", a++ * 2 + 1);
    a = 2;
    int e = a > b ? a : b > c ? b : c;
    printf("%d\n", e);
    int x, y, z;
    x = y = z = 7;
    printf("%d %d %d\n", x, y, z);
    x += y *= 2;
    printf("%d %d\n", x, y);
    int arr[3] = {10, 20, 30};
    int *p = arr;
    printf("%d\n", *p + 1);
    printf("%d\n", *(p + 1));
    printf("%d\n", -arr[1]);
    printf("%d\n", sizeof arr / sizeof *arr == 3);
    printf("%d\n", (int)2.9 + 1);
    printf("%g\n", (double)7 / 2);
    printf("%d\n", 1 + 2 == 3 ? 10 : 20);
    printf("%d\n", 5 & 3 == 3);
    printf("%d\n", (5 & 3) == 1);
    printf("%d\n", 1 << 2 < 5);
    printf("%d\n", 10 - 2 - 3 * 2 + 8 / 4 / 2 % 3);
    printf("%d\n", -3 % 2 * -1);
    printf("%d\n", !!7 << 3);
    printf("%d\n", (a = 5, a));
    printf("%d\n", 0 < 1 < 2);
    printf("%d\n", 3 > 2 > 1);
    printf("%d\n", ~0u >> 28 & 3);
    return 0;
}
