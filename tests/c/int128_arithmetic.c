/* GCC's __int128: arithmetic, shifts, comparisons and conversions as real
   code uses them (bignum limbs, 64x64->128 multiplies, hash mixing). */
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static void show(const char *what, u128 v) {
    printf("%s = %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}

static void show_signed(const char *what, i128 v) {
    const char *sign = v < 0 ? "-" : "+";
    u128 magnitude = v < 0 ? -(u128)v : (u128)v;
    printf("%s = %s%016llx%016llx\n", what, sign, (unsigned long long)(magnitude >> 64), (unsigned long long)magnitude);
}

/* The high 64 bits of a 64x64 product, as hash functions (wyhash,
   xxh3) and bignum code compute it. */
static unsigned long long mulhi(unsigned long long a, unsigned long long b) {
    return (unsigned long long)(((u128)a * b) >> 64);
}

/* r = a + b over n 64-bit limbs; returns the carry out. */
static unsigned long long add_limbs(unsigned long long *r, const unsigned long long *a, const unsigned long long *b, int n) {
    u128 carry = 0;
    for (int i = 0; i < n; i++) {
        u128 t = (u128)a[i] + b[i] + carry;
        r[i] = (unsigned long long)t;
        carry = t >> 64;
    }
    return (unsigned long long)carry;
}

/* r = a * k over n limbs, returning the top limb. */
static unsigned long long mul_limbs(unsigned long long *r, const unsigned long long *a, unsigned long long k, int n) {
    unsigned long long carry = 0;
    for (int i = 0; i < n; i++) {
        u128 t = (u128)a[i] * k + carry;
        r[i] = (unsigned long long)t;
        carry = (unsigned long long)(t >> 64);
    }
    return carry;
}

/* Decimal digits of an unsigned 128-bit value, by repeated division. */
static void print_decimal(u128 v) {
    char buf[64];
    int n = 0;
    do {
        buf[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    while (n > 0)
        putchar(buf[--n]);
    putchar('\n');
}

static void print_signed_decimal(i128 v) {
    if (v < 0) {
        putchar('-');
        print_decimal(-(u128)v);
    } else {
        print_decimal((u128)v);
    }
}

int main(void) {
    unsigned long long m = 0xffffffffffffffffULL;
    printf("mulhi %llx %llx %llx\n", mulhi(m, m), mulhi(0x123456789abcdefULL, 0xfedcba9876543210ULL), mulhi(3, 5));
    u128 big = (u128)m * m;
    show("m*m", big);
    show("m*m+1", big + 1);
    show("big*big", big * big);

    unsigned long long a[4] = {m, m, 1, 0}, b[4] = {1, 0, m, 7}, r[4];
    unsigned long long c = add_limbs(r, a, b, 4);
    printf("add %llx %llx %llx %llx carry %llu\n", r[0], r[1], r[2], r[3], c);
    c = mul_limbs(r, a, 0x1000000001ULL, 4);
    printf("mul %llx %llx %llx %llx top %llx\n", r[0], r[1], r[2], r[3], c);

    /* Division and remainder of big values, signed and unsigned. */
    u128 n = ((u128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
    show("n / 7", n / 7);
    show("n % 7", n % 7);
    show("n / m", n / m);
    show("n % 1000000007", n % 1000000007);
    print_decimal(n);
    print_decimal((u128)-1);
    i128 s = -(i128)n;
    show_signed("s / 3", s / 3);
    show_signed("s % 3", s % 3);
    show_signed("s / -3", s / -3);
    show_signed("-7 / 2", (i128)-7 / 2);
    show_signed("-7 % 2", (i128)-7 % 2);
    print_signed_decimal(s);
    i128 min = (i128)((u128)1 << 127);
    print_signed_decimal(min);
    print_signed_decimal(min + 1);

    /* Shifts by 0, 1, 63, 64, 65 and 127, of both signednesses. */
    int amounts[] = {0, 1, 63, 64, 65, 127};
    for (int i = 0; i < 6; i++) {
        int k = amounts[i];
        printf("shift %d\n", k);
        show("  n << k", n << k);
        show("  n >> k", n >> k);
        show_signed("  s >> k", s >> k);
        show_signed("  s << k", s << k);
        show("  1 << k", (u128)1 << k);
    }
    u128 x = n;
    x <<= 3;
    x >>= 1;
    show("x", x);

    /* Comparisons across the sign boundary. */
    i128 neg = -1, pos = 1, hi = (i128)1 << 64, lo_only = 0xffffffffffffffffULL;
    printf("cmp %d %d %d %d %d %d\n", neg < pos, neg > pos, (u128)neg > (u128)pos, hi > lo_only, lo_only < hi, neg <= -1);
    printf("cmp %d %d %d %d\n", hi == hi, hi != lo_only, min < neg, (u128)min > (u128)pos);
    printf("mixed %d %d\n", neg < 0U, -1 < (u128)0);
    printf("truth %d %d %d %d\n", !hi, !(hi - hi), hi ? 1 : 2, (hi && lo_only) + (neg || 0));

    /* Conversions with smaller integer types and with floating types. */
    int small = -5;
    i128 wide = small;
    unsigned int usmall = 4000000000U;
    u128 uwide = usmall;
    show_signed("wide", wide);
    show("uwide", uwide);
    printf("narrow %d %u %lld %d %d\n", (int)(hi + 3), (unsigned)(n), (long long)s, (char)(n >> 8), (_Bool)hi);
    double d = (double)n;
    printf("to double %.17g %.17g %.17g\n", d, (double)s, (double)(u128)-1);
    float f = (float)s;
    printf("to float %.9g\n", f);
    u128 from_d = (u128)1e30;
    i128 from_neg = (i128)-1.5e20;
    show("from double", from_d);
    show_signed("from negative double", from_neg);
    show_signed("from float", (i128)-3.75f);
    long double ld = (long double)n;
    printf("long double %.21Lg\n", ld);
    show("from long double", (u128)(ld / 3));

    /* Mixed-type expression: int + __int128, and compound assignment. */
    i128 acc = 0;
    for (int i = -3; i < 10; i++)
        acc += i * (i128)1000000000000LL * 1000000000LL;
    print_signed_decimal(acc);
    acc -= 5;
    acc *= -3;
    acc /= 7;
    acc %= 1000000000000000000LL;
    acc |= 1;
    acc ^= 0xff;
    acc &= ~(i128)0xf0;
    print_signed_decimal(acc);
    i128 counter = (i128)m;
    counter++;
    ++counter;
    i128 before = counter--;
    print_signed_decimal(counter);
    print_signed_decimal(before);
    print_signed_decimal(-counter);
    show("~n", ~n);
    printf("sizes %zu %zu %zu\n", sizeof(i128), _Alignof(u128), sizeof(__int128_t) + sizeof(__uint128_t));
    return 0;
}
