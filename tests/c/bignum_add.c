#include <stdio.h>
#include <string.h>

#define MAXD 200

/* little-endian decimal digits */
struct Big { int n; unsigned char d[MAXD]; };

static void from_str(struct Big *b, const char *s) {
    int len = (int)strlen(s);
    b->n = len;
    for (int i = 0; i < len; i++) b->d[i] = (unsigned char)(s[len - 1 - i] - '0');
}

static void from_uint(struct Big *b, unsigned long v) {
    b->n = 0;
    do { b->d[b->n++] = (unsigned char)(v % 10); v /= 10; } while (v);
}

static void add(struct Big *r, const struct Big *a, const struct Big *b) {
    int carry = 0, n = a->n > b->n ? a->n : b->n;
    for (int i = 0; i < n; i++) {
        int s = carry + (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0);
        r->d[i] = (unsigned char)(s % 10);
        carry = s / 10;
    }
    r->n = n;
    if (carry) r->d[r->n++] = (unsigned char)carry;
}

static void mul_small(struct Big *r, const struct Big *a, int m) {
    int carry = 0;
    r->n = a->n;
    for (int i = 0; i < a->n; i++) {
        int p = a->d[i] * m + carry;
        r->d[i] = (unsigned char)(p % 10);
        carry = p / 10;
    }
    while (carry) { r->d[r->n++] = (unsigned char)(carry % 10); carry /= 10; }
    while (r->n > 1 && r->d[r->n - 1] == 0) r->n--;
}

static void print(const char *label, const struct Big *b) {
    printf("%s", label);
    for (int i = b->n - 1; i >= 0; i--) putchar('0' + b->d[i]);
    putchar('\n');
}

int main(void) {
    struct Big a, b, c;
    from_str(&a, "99999999999999999999999999999999");
    from_str(&b, "1");
    add(&c, &a, &b);
    print("sum1=", &c);
    from_str(&a, "123456789012345678901234567890");
    from_str(&b, "987654321098765432109876543210");
    add(&c, &a, &b);
    print("sum2=", &c);
    struct Big f0, f1, f2;
    from_uint(&f0, 0);
    from_uint(&f1, 1);
    for (int i = 2; i <= 300; i++) {
        add(&f2, &f0, &f1);
        f0 = f1;
        f1 = f2;
    }
    print("fib300=", &f1);
    struct Big fact, tmp;
    from_uint(&fact, 1);
    for (int i = 2; i <= 50; i++) {
        mul_small(&tmp, &fact, i);
        fact = tmp;
    }
    print("50!=", &fact);
    struct Big p2;
    from_uint(&p2, 1);
    for (int i = 0; i < 128; i++) { add(&tmp, &p2, &p2); p2 = tmp; }
    print("2^128=", &p2);
    from_uint(&a, 18446744073709551615UL);
    add(&c, &a, &a);
    print("2*ULONG_MAX=", &c);
    return 0;
}
