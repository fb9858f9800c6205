/* Value sites (-fprofile-values): divisions and remainders by variables
   with one dominant divisor, with more distinct divisors than a site has
   slots, negative and unsigned divisors of every width, and switches whose
   hot operand is a case or falls between the cases, and indirect calls
   with a dominant target, through a table, to a library function, and
   through a pointer of another type than the callee's. The profile oracle
   checks the value counts against the naive build's hash table, and
   -fprofile-use with them must not change what this prints. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

static int divisor_for(int i) {
    if (i % 50 == 49) return -3;
    if (i % 17 == 16) return i % 23 + 1; /* many distinct divisors */
    return 8;
}

int quotient(int x, int d) { return x / d; }
int remainder_of(int x, int d) { return x % d; }

unsigned unsigned_mix(unsigned x, unsigned d) { return x / d + x % d; }

long long big_mod(long long x, long long m) { return x % m; }

int narrow(signed char a, signed char b, unsigned short c, unsigned short d) {
    return a / b + c % d;
}

int classify(int v) {
    switch (v) {
    case 0: return 1;
    case 10: return 2;
    case 20: return 3;
    case 30: return 4;
    default: return v & 7;
    }
}

int dense(int v) {
    switch (v) {
    case 1: return 11;
    case 2: return 13;
    case 3: return 17;
    case 4: return 19;
    case 5: return 23;
    default: return 0;
    }
}

static int twice(int x) { return 2 * x; }
static int square(int x) { return x * x; }
int negate(int x) { return -x; }
static int (*const table[3])(int) = { twice, square, negate };

/* Called through a pointer that takes no prototype (K&R style). */
static int sum3(a, b, c) int a, b, c; { return a + b + c; }

static long apply_all(int i) {
    int (*f)(int) = table[i % 11 == 0 ? 1 + i % 2 : 0];
    int (*g)() = sum3;
    size_t (*len)(const char *) = strlen;
    return f(i) + g(i, 1, 2) + (long)len(i % 3 ? "abc" : "de");
}

int main() {
    long long sum = 0;
    unsigned usum = 0;
    for (int i = 0; i < 3000; i++) {
        int d = divisor_for(i);
        sum += quotient(i * 7 - 5000, d);
        sum += remainder_of(i * 13 - 17, d);
        usum += unsigned_mix((unsigned)i * 2654435761u, i % 9 == 0 ? 7u : 10u);
        sum += big_mod((long long)i * 1000003LL - 7, i % 100 == 0 ? 97 : 1000000007LL);
        sum += narrow((signed char)(i - 128), (signed char)(i % 5 == 0 ? -2 : 4), (unsigned short)(i * 31), (unsigned short)(i % 3 ? 16 : 65535));
        sum += classify(i % 40 == 0 ? 10 : 5);
        sum += dense(i % 7 == 0 ? i % 6 : 3);
        sum += apply_all(i);
    }
    /* Extremes: the dominant divisor must not be assumed for them. */
    sum += quotient(INT_MIN, 8) + quotient(INT_MAX, -3) + remainder_of(INT_MIN, 8) + remainder_of(-7, 8);
    usum += unsigned_mix(UINT_MAX, 10u) + unsigned_mix(0u, 7u);
    sum += big_mod(LLONG_MIN, 1000000007LL) + big_mod(LLONG_MAX, 97);
    printf("%lld %u\n", sum, usum);
    return 0;
}
