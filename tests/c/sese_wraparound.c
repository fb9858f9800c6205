// Loop variables that wrap around, which must never give SESE counters a
// wrong count: an unsigned char incremented 1000 times (it wraps at 256),
// an unsigned int stepped past 2^32, and a pointer and a signed int
// counter, which cannot wrap and become SESE counters.
#include <stdio.h>

static unsigned char narrow(int n) {
    unsigned char c = 250;
    for (int i = 0; i < n; i++) {
        c++;
    }
    return c;
}

static unsigned wide(unsigned start, int n) {
    unsigned u = start;
    int k = 0;
    while (k < n) {
        u += 0x40000000u;
        k++;
    }
    return u;
}

static long pointer_walk(const int *v, int n) {
    const int *p = v;
    long s = 0;
    while (p < v + n) {
        s += *p;
        p += 3;
    }
    return s;
}

static int signed_down(int n) {
    int hits = 0;
    for (int i = n; i > -n; i -= 7) {
        if (i % 5 == 0) {
            hits += 2;
        }
    }
    return hits;
}

int main(void) {
    int v[300];
    for (int i = 0; i < 300; i++) {
        v[i] = i * 3 - 100;
    }
    printf("%u\n", (unsigned)narrow(1000));
    printf("%u\n", wide(7u, 37));
    printf("%ld\n", pointer_walk(v, 300));
    printf("%d\n", signed_down(5000));
    return 0;
}
