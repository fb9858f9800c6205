/* Exact rational arithmetic and polynomials over the rationals: Bernoulli numbers, polynomial division, gcd. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { long long n, d; } Q;

static long long gcd_ll(long long a, long long b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) { long long t = a % b; a = b; b = t; }
    return a;
}

static void q_norm(Q *q) {
    if (q->d < 0) { q->n = -q->n; q->d = -q->d; }
    long long g = gcd_ll(q->n, q->d);
    if (g > 1) { q->n /= g; q->d /= g; }
    if (q->n == 0) q->d = 1;
}

static void q_set(Q *r, long long n, long long d) { r->n = n; r->d = d; q_norm(r); }
static void q_add(Q *r, const Q *a, const Q *b) {
    long long g = gcd_ll(a->d, b->d);
    Q t = { a->n * (b->d / g) + b->n * (a->d / g), a->d / g * b->d };
    q_norm(&t);
    *r = t;
}
static void q_sub(Q *r, const Q *a, const Q *b) { Q nb = { -b->n, b->d }; q_add(r, a, &nb); }
static void q_mul(Q *r, const Q *a, const Q *b) {
    long long g1 = gcd_ll(a->n, b->d), g2 = gcd_ll(b->n, a->d);
    if (!g1) g1 = 1;
    if (!g2) g2 = 1;
    Q t = { (a->n / g1) * (b->n / g2), (a->d / g2) * (b->d / g1) };
    q_norm(&t);
    *r = t;
}
static void q_div(Q *r, const Q *a, const Q *b) { Q inv = { b->d, b->n }; q_norm(&inv); q_mul(r, a, &inv); }
static int q_fmt(char *buf, size_t n, const Q *q) {
    return q->d == 1 ? snprintf(buf, n, "%lld", q->n) : snprintf(buf, n, "%lld/%lld", q->n, q->d);
}

#define MAXDEG 16
typedef struct { int deg; Q c[MAXDEG + 1]; } Poly;

static void p_trim(Poly *p) { while (p->deg > 0 && p->c[p->deg].n == 0) p->deg--; }
static void p_print(const char *name, const Poly *p) {
    char buf[64];
    printf("%s(x) =", name);
    int first = 1;
    for (int i = p->deg; i >= 0; i--) {
        if (p->c[i].n == 0 && !(i == 0 && first)) continue;
        Q a = p->c[i];
        int neg = a.n < 0;
        if (neg) a.n = -a.n;
        q_fmt(buf, sizeof buf, &a);
        printf(" %s", first ? (neg ? "-" : "") : (neg ? "- " : "+ "));
        if (i == 0 || a.n != 1 || a.d != 1) printf("%s", buf);
        if (i >= 1) printf("x");
        if (i > 1) printf("^%d", i);
        first = 0;
    }
    putchar('\n');
}

static void p_mul(Poly *r, const Poly *a, const Poly *b) {
    Poly t;
    memset(&t, 0, sizeof t);
    t.deg = a->deg + b->deg;
    for (int i = 0; i <= t.deg; i++) t.c[i].d = 1;
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            Q prod;
            q_mul(&prod, &a->c[i], &b->c[j]);
            q_add(&t.c[i + j], &t.c[i + j], &prod);
        }
    p_trim(&t);
    *r = t;
}

static void p_divmod(const Poly *num, const Poly *den, Poly *quo, Poly *rem) {
    Poly r = *num, q;
    memset(&q, 0, sizeof q);
    q.deg = num->deg - den->deg < 0 ? 0 : num->deg - den->deg;
    for (int i = 0; i <= MAXDEG; i++) q.c[i].d = 1;
    while (r.deg >= den->deg && !(r.deg == 0 && r.c[0].n == 0)) {
        int shift = r.deg - den->deg;
        Q f;
        q_div(&f, &r.c[r.deg], &den->c[den->deg]);
        q.c[shift] = f;
        for (int i = 0; i <= den->deg; i++) {
            Q t;
            q_mul(&t, &f, &den->c[i]);
            q_sub(&r.c[i + shift], &r.c[i + shift], &t);
        }
        if (r.deg == 0) break;
        r.deg--;
        p_trim(&r);
    }
    *quo = q;
    *rem = r;
}

static void p_eval(Q *out, const Poly *p, const Q *x) {
    Q acc = { 0, 1 };
    for (int i = p->deg; i >= 0; i--) { q_mul(&acc, &acc, x); q_add(&acc, &acc, &p->c[i]); }
    *out = acc;
}

int main(void) {
    /* Bernoulli numbers via the Akiyama-Tanigawa algorithm */
    Q a[20];
    char buf[64];
    printf("Bernoulli:");
    for (int m = 0; m <= 16; m++) {
        q_set(&a[m], 1, m + 1);
        for (int j = m; j >= 1; j--) {
            Q diff, jq;
            q_sub(&diff, &a[j - 1], &a[j]);
            q_set(&jq, j, 1);
            q_mul(&a[j - 1], &jq, &diff);
        }
        if (m % 2 == 0 || m == 1) { q_fmt(buf, sizeof buf, &a[0]); printf(" B%d=%s", m, buf); }
    }
    putchar('\n');
    Q h = { 0, 1 };
    for (int k = 1; k <= 20; k++) { Q t; q_set(&t, 1, k); q_add(&h, &h, &t); }
    q_fmt(buf, sizeof buf, &h);
    printf("H(20) = %s = %.12f\n", buf, (double)h.n / (double)h.d);

    Poly p1 = { 3, { { -6, 1 }, { 11, 1 }, { -6, 1 }, { 1, 1 } } };   /* (x-1)(x-2)(x-3) */
    Poly p2 = { 1, { { -2, 1 }, { 1, 1 } } };
    Poly p3 = { 2, { { 1, 2 }, { 0, 1 }, { 3, 4 } } };
    Poly prod, quo, rem;
    p_print("p1", &p1);
    p_print("p2", &p2);
    p_print("p3", &p3);
    p_mul(&prod, &p1, &p3);
    p_print("p1*p3", &prod);
    p_divmod(&p1, &p2, &quo, &rem);
    p_print("p1/p2", &quo);
    p_print("p1%p2", &rem);
    p_divmod(&prod, &p3, &quo, &rem);
    p_print("(p1*p3)/p3", &quo);
    p_print("rem", &rem);
    p_divmod(&p3, &p2, &quo, &rem);
    p_print("p3/p2", &quo);
    p_print("p3%p2", &rem);
    for (int k = -2; k <= 4; k++) {
        Q x, y;
        q_set(&x, k, 2);
        p_eval(&y, &prod, &x);
        char bx[32];
        q_fmt(bx, sizeof bx, &x);
        q_fmt(buf, sizeof buf, &y);
        printf("(p1*p3)(%s) = %s\n", bx, buf);
    }
    return 0;
}
