#include <stdio.h>

int main(void) {
    unsigned char a = 200, b = 100;
    int s = a + b;
    printf("%d\n", s);
    printf("%d\n", a * b);
    printf("%d\n", (unsigned char)(a + b));
    signed char c = -100, d = -100;
    printf("%d\n", c + d);
    printf("%d\n", (signed char)(c + d));
    printf("%d\n", c * d);
    unsigned char x = 0xF0;
    printf("%d\n", ~x);
    printf("%d\n", (unsigned char)~x);
    printf("%d\n", x << 4);
    printf("%d\n", -x);
    signed char sc = -1;
    unsigned char uc = 255;
    printf("%d\n", sc == uc);
    printf("%d\n", (unsigned char)sc == uc);
    printf("%zu %zu %zu\n", sizeof(a), sizeof(+a), sizeof(a + b));
    printf("%zu\n", sizeof(-c));
    printf("%zu\n", sizeof(~x));
    unsigned char arr[4] = {250, 251, 252, 253};
    int sum = 0;
    for (int i = 0; i < 4; i++) sum += arr[i];
    printf("%d\n", sum);
    unsigned char acc = 0;
    for (int i = 0; i < 4; i++) acc += arr[i];
    printf("%d\n", acc);
    signed char m = 127;
    int mi = m + 1;
    printf("%d\n", mi);
    printf("%d\n", (signed char)(m + 1));
    unsigned char q = 7;
    printf("%d\n", q / 2 - 4);
    printf("%d\n", q - 8 < 0);
    char ch = 'A';
    printf("%d %c\n", ch + 1, ch + 1);
    printf("%d\n", 'z' - 'a');
    return 0;
}
