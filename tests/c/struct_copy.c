#include <stdio.h>
#include <string.h>

struct Small { int a, b; };
struct Big { char name[20]; long vals[6]; double d; struct Small inner; };

static struct Big global_big = {"global", {1, 2, 3, 4, 5, 6}, 9.5, {7, 8}};

static void copy_into(struct Big *dst, const struct Big *src) { *dst = *src; }

int main(void) {
    struct Small s1 = {1, 2};
    struct Small s2 = s1;
    s2.a = 100;
    printf("%d %d %d %d\n", s1.a, s1.b, s2.a, s2.b);
    s1 = s2;
    printf("%d %d\n", s1.a, s1.b);
    struct Big b1 = global_big;
    b1.vals[0] = -1;
    b1.name[0] = 'G';
    printf("%s %ld %s %ld\n", b1.name, b1.vals[0], global_big.name, global_big.vals[0]);
    struct Big b2;
    copy_into(&b2, &b1);
    printf("%s %ld %ld %g %d %d\n", b2.name, b2.vals[0], b2.vals[5], b2.d, b2.inner.a, b2.inner.b);
    b2.inner = s1;
    printf("%d %d\n", b2.inner.a, b2.inner.b);
    struct Small arr[3] = {{1, 1}, {2, 2}, {3, 3}};
    arr[0] = arr[2];
    arr[2] = arr[1];
    printf("%d %d %d\n", arr[0].a, arr[1].a, arr[2].a);
    struct Small *p = &arr[1];
    struct Small tmp = *p;
    *p = arr[0];
    arr[0] = tmp;
    printf("%d %d %d\n", arr[0].a, arr[1].a, arr[2].b);
    struct Small x, y, z;
    x = y = z = s2;
    printf("%d %d %d\n", x.a, y.b, z.a);
    global_big = b2;
    printf("%s %d\n", global_big.name, global_big.inner.a);
    struct Big b3;
    memcpy(&b3, &b2, sizeof b3);
    printf("%d\n", memcmp(&b3, &b2, sizeof b3) == 0);
    int c = 1;
    struct Small chosen = s2;
    if (c) chosen = s1;
    printf("%d\n", chosen.a);
    struct Wrap { struct Small arr[2]; } w1 = {{{1, 2}, {3, 4}}}, w2;
    w2 = w1;
    w1.arr[1].b = 99;
    printf("%d %d\n", w2.arr[1].b, w1.arr[1].b);
    return 0;
}
