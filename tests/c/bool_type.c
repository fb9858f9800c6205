// gcc-check-flags: -Wno-bool-operation -Wno-parentheses
#include <stdio.h>
#include <stdbool.h>

static bool is_even(int n) { return n % 2 == 0; }
static bool negate(bool b) { return !b; }
static _Bool from_long(long v) { return v; }

int main(void) {
    bool t = true, f = false;
    printf("%d %d\n", t, f);
    printf("%zu\n", sizeof(bool));
    printf("%zu\n", sizeof(_Bool));
    bool b = 42;
    printf("%d\n", b);
    b = -1;
    printf("%d\n", b);
    b = 0;
    printf("%d\n", b);
    b = 0.25;
    printf("%d\n", b);
    b = 256;
    printf("%d\n", b);
    _Bool x = 1;
    x++;
    printf("%d\n", x);
    x++;
    printf("%d\n", x);
    x--;
    printf("%d\n", x);
    x--;
    printf("%d\n", x);
    x += 5;
    printf("%d\n", x);
    x = 0;
    x -= 1;
    printf("%d\n", x);
    printf("%d %d\n", is_even(10), is_even(7));
    printf("%d %d\n", negate(true), negate(false));
    printf("%d %d %d\n", from_long(0), from_long(1L << 40), from_long(-5));
    int sum = t + t + t;
    printf("%d\n", sum);
    bool arr[5] = {1, 0, 7, 0, -3};
    int cnt = 0;
    for (int i = 0; i < 5; i++) cnt += arr[i];
    printf("%d\n", cnt);
    char *p = 0;
    bool np = p;
    char c = 'x';
    p = &c;
    bool nnp = p;
    printf("%d %d\n", np, nnp);
    bool cmp = 3 > 2;
    printf("%d\n", cmp);
    printf("%d\n", true && false || true);
    printf("%d\n", (bool)2 == (bool)3);
    printf("%d\n", (bool)2 + (bool)3);
    unsigned char byte = 0x10;
    bool bit = byte & 0x10;
    printf("%d\n", bit);
    return 0;
}
