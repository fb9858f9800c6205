/* Arbitrary precision unsigned integers: add, multiply, factorial, power, divide by small. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

#define MAXLIMBS 80
#define BASE 1000000000u   /* 10^9 per limb */

typedef struct {
    uint32_t d[MAXLIMBS];
    int n;                 /* number of used limbs, 0 means zero */
} Big;

static void big_set(Big *a, uint64_t v) {
    a->n = 0;
    while (v) { a->d[a->n++] = (uint32_t)(v % BASE); v /= BASE; }
}

static void big_norm(Big *a) { while (a->n > 0 && a->d[a->n - 1] == 0) a->n--; }

static void big_add(Big *r, const Big *a, const Big *b) {
    uint32_t carry = 0;
    int n = a->n > b->n ? a->n : b->n;
    for (int i = 0; i < n; i++) {
        uint64_t s = (uint64_t)carry + (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0);
        r->d[i] = (uint32_t)(s % BASE);
        carry = (uint32_t)(s / BASE);
    }
    r->n = n;
    if (carry) r->d[r->n++] = carry;
}

static void big_mul(Big *r, const Big *a, const Big *b) {
    uint64_t tmp[2 * MAXLIMBS];
    memset(tmp, 0, sizeof tmp);
    for (int i = 0; i < a->n; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < b->n; j++) {
            uint64_t cur = tmp[i + j] + (uint64_t)a->d[i] * b->d[j] + carry;
            tmp[i + j] = cur % BASE;
            carry = cur / BASE;
        }
        int k = i + b->n;
        while (carry) {
            uint64_t cur = tmp[k] + carry;
            tmp[k++] = cur % BASE;
            carry = cur / BASE;
        }
    }
    r->n = a->n + b->n;
    for (int i = 0; i < r->n; i++) r->d[i] = (uint32_t)tmp[i];
    big_norm(r);
}

static void big_mul_small(Big *a, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t cur = (uint64_t)a->d[i] * m + carry;
        a->d[i] = (uint32_t)(cur % BASE);
        carry = cur / BASE;
    }
    while (carry) { a->d[a->n++] = (uint32_t)(carry % BASE); carry /= BASE; }
}

static uint32_t big_divmod_small(Big *a, uint32_t m) {
    uint64_t rem = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t cur = a->d[i] + rem * BASE;
        a->d[i] = (uint32_t)(cur / m);
        rem = cur % m;
    }
    big_norm(a);
    return (uint32_t)rem;
}

static int big_to_str(const Big *a, char *buf) {
    if (a->n == 0) return sprintf(buf, "0");
    int len = sprintf(buf, "%u", a->d[a->n - 1]);
    for (int i = a->n - 2; i >= 0; i--) len += sprintf(buf + len, "%09u", a->d[i]);
    return len;
}

static int digit_sum(const char *s) {
    int t = 0;
    for (; *s; s++) t += *s - '0';
    return t;
}

static void show(const char *label, const Big *a) {
    char buf[MAXLIMBS * 9 + 2];
    int len = big_to_str(a, buf);
    if (len > 70) printf("%-10s %.30s...%s (%d digits, digitsum %d)\n", label, buf, buf + len - 30, len, digit_sum(buf));
    else printf("%-10s %s\n", label, buf);
}

int main(void) {
    Big a, b, r;
    big_set(&a, 18446744073709551615ULL);
    big_set(&b, 18446744073709551615ULL);
    big_mul(&r, &a, &b);
    show("2^64-1", &a);
    show("(2^64-1)^2", &r);
    big_add(&r, &r, &a);
    big_add(&r, &r, &a);
    big_set(&b, 1);
    big_add(&r, &r, &b);
    show("2^128", &r);

    Big f;
    big_set(&f, 1);
    for (uint32_t i = 2; i <= 100; i++) {
        big_mul_small(&f, i);
        if (i == 20 || i == 25 || i == 50) {
            char lbl[16];
            snprintf(lbl, sizeof lbl, "%u!", i);
            show(lbl, &f);
        }
    }
    show("100!", &f);
    Big g = f;
    int zeros = 0;
    while (big_divmod_small(&g, 10) == 0) zeros++;
    printf("100! has %d trailing zeros\n", zeros);

    /* 3^200 via square and multiply */
    Big base, acc;
    big_set(&base, 3);
    big_set(&acc, 1);
    unsigned e = 200;
    while (e) {
        if (e & 1) { big_mul(&r, &acc, &base); acc = r; }
        big_mul(&r, &base, &base); base = r;
        e >>= 1;
    }
    show("3^200", &acc);
    uint32_t m7 = 0;
    Big t = acc;
    m7 = big_divmod_small(&t, 7);
    printf("3^200 mod 7 = %u, mod 1000000007 = ", m7);
    t = acc;
    printf("%u\n", big_divmod_small(&t, 1000000007u));

    /* Fibonacci 300 */
    Big x, y;
    big_set(&x, 0); big_set(&y, 1);
    for (int i = 0; i < 300; i++) { big_add(&r, &x, &y); x = y; y = r; }
    show("fib(300)", &x);
    return 0;
}
