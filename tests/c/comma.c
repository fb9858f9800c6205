// gcc-check-flags: -Wno-unused-value
#include <stdio.h>

static int g;
static int bump(int v) { g += v; return g; }

int main(void) {
    int a, b, c;
    a = (b = 2, c = 3, b + c);
    printf("%d %d %d\n", a, b, c);
    int x = (1, 2, 3);
    printf("%d\n", x);
    g = 0;
    int r = (bump(1), bump(10), bump(100));
    printf("%d %d\n", r, g);
    int i, j;
    for (i = 0, j = 10; i < j; i++, j--) ;
    printf("%d %d\n", i, j);
    int sum = 0;
    for (int k = 0, m = 1; k < 5; k++, m *= 2) sum += m;
    printf("%d\n", sum);
    int n = 0;
    while (n++, n < 5) ;
    printf("%d\n", n);
    int y = 0;
    y = (y++, y++, y);
    printf("%d\n", y);
    double d = (x = 7, x * 0.5);
    printf("%g %d\n", d, x);
    printf("%zu\n", sizeof(1, (char)2));
    int arr[3] = {0};
    int idx = (arr[0] = 5, arr[1] = 6, 2);
    arr[idx] = 7;
    printf("%d %d %d\n", arr[0], arr[1], arr[2]);
    int p = 1, q = 2;
    if (p = 0, q) printf("comma-if %d\n", p);
    int t = 3;
    int u = t ? (t++, t * 10) : (t--, t);
    printf("%d %d\n", t, u);
    return 0;
}
