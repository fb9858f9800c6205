/* __int128 in objects and across calls: arrays, struct members, pointers,
   globals with constant initializers, parameters and results (directly,
   through a function pointer, and past the six argument registers), and
   the __int128_t / __uint128_t typedef names. */
#include <stdio.h>
#include <string.h>

typedef __uint128_t u128;
typedef __int128_t i128;

static void show(const char *what, u128 v) {
    printf("%s = %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

struct limb_pair {
    char tag;
    u128 value;
    int count;
};

struct fraction {
    i128 num;
    u128 den;
};

u128 global_one = 1;
u128 global_big = (u128)1 << 100;
i128 global_negative = -((i128)3 << 70) + 5;
u128 global_mask = ~(u128)0 >> 3;
u128 global_product = (u128)0xffffffffffffffffULL * 0xffffffffffffffffULL;
u128 global_table[3] = {1, (u128)1 << 64, ((u128)7 << 120) | 9};
struct limb_pair global_pair = {'p', (u128)5 << 65, 42};
static const i128 global_quotient = ((i128)-1 << 90) / 1000;
static const unsigned long long global_low = (unsigned long long)((u128)0x1234 << 60);
static const double global_double = (double)((u128)1 << 100);
enum { SHIFTED = (int)(((u128)1 << 80) >> 78) };

/* mbed TLS's bn_mul.h spells its double limb with GCC's mode attribute. */
typedef unsigned int double_limb __attribute__((mode(TI)));
typedef int signed_double_limb __attribute__((mode(TI)));

static u128 add(u128 a, u128 b) { return a + b; }
static i128 negate(i128 a) { return -a; }
static u128 pick(int which, u128 a, u128 b) { return which ? a : b; }

/* Five integer arguments before the __int128 leave one register, so it
   goes to the stack (16-byte aligned); the long after it takes the last
   register. */
static i128 spill(long a, long b, long c, long d, long e, i128 x, long f) {
    return x * (a + b + c + d + e) + f;
}

/* More than one __int128 in memory. */
static u128 many(u128 a, u128 b, u128 c, u128 d, u128 e) {
    return a + (b << 1) + (c << 2) + (d << 3) + (e << 4);
}

static struct fraction make(i128 n, u128 d) {
    struct fraction f = {n, d};
    return f;
}

static u128 sum_array(const u128 *p, int n) {
    u128 s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

static void scale(u128 *p, unsigned k) { *p *= k; }

int main(void) {
    show("global_one", global_one);
    show("global_big", global_big);
    show("global_negative", (u128)global_negative);
    show("global_mask", global_mask);
    show("global_product", global_product);
    for (int i = 0; i < 3; i++)
        show("global_table", global_table[i]);
    printf("pair %c %d\n", global_pair.tag, global_pair.count);
    show("pair.value", global_pair.value);
    show("quotient", (u128)global_quotient);
    printf("low %llx double %.17g enum %d\n", global_low, global_double, SHIFTED);
    printf("offsetof %zu size %zu\n", __builtin_offsetof(struct limb_pair, value), sizeof(struct limb_pair));

    u128 (*binary)(u128, u128) = add;
    show("add", add((u128)1 << 64, 3));
    show("through pointer", binary(~(u128)0, 2));
    show("negate", (u128)negate(12345));
    show("pick", pick(1, 10, 20) + pick(0, 10, 20));
    show("spill", (u128)spill(1, 2, 3, 4, 5, (i128)1 << 70, -1));
    show("many", many(1, 2, 3, 4, (u128)1 << 100));

    struct fraction f = make(-((i128)1 << 80), 7);
    show("f.num", (u128)f.num);
    show("f.den", f.den);
    f.num /= (i128)f.den;
    show("f.num / den", (u128)f.num);

    u128 arr[5];
    for (int i = 0; i < 5; i++)
        arr[i] = ((u128)i << 64) | (unsigned)(i * i);
    show("sum", sum_array(arr, 5));
    scale(&arr[2], 1000);
    show("arr[2]", arr[2]);
    u128 *p = arr + 3;
    *p += 1;
    p[1] = p[0] * 2;
    show("arr[4]", arr[4]);
    struct limb_pair local = {'l', arr[4], 1};
    local.value <<= 4;
    local.count += (int)(local.value >> 64);
    show("local.value", local.value);
    printf("local.count %d\n", local.count);
    u128 copy;
    memcpy(&copy, &local.value, sizeof copy);
    printf("memcpy equal %d\n", copy == local.value);
    double_limb dl = (double_limb)0xfedcba9876543210ULL * 0x123456789ULL;
    signed_double_limb sdl = -(signed_double_limb)dl;
    show("mode(TI)", dl);
    printf("mode(TI) sizes %zu %d %d\n", sizeof dl, sdl < 0, (double_limb)sdl > dl);
    i128 cond = arr[1] > arr[0] ? (i128)-1 : 1;
    show("cond", (u128)cond);
    return 0;
}
