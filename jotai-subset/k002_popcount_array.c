// inputs: 0 1 2  tags: bits, unsigned, counted-loop, while-loop
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

unsigned popcount_array(const uint32_t *a, unsigned n, unsigned *maxbits)
{
    unsigned total = 0;
    unsigned best = 0;
    unsigned i;
    for (i = 0; i < n; i++) {
        uint32_t x = a[i];
        unsigned c = 0;
        while (x) {
            x &= x - 1u;
            c++;
        }
        if (c > best)
            best = c;
        total += c;
    }
    *maxbits = best;
    return total;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    unsigned maxb = 0;
    switch (opt) {
    case 0: {
        uint32_t a[1] = { 0 };
        unsigned t = popcount_array(a, 0, &maxb);
        printf("total=%u max=%u\n", t, maxb);
        break;
    }
    case 1: {
        uint32_t a[6] = { 0u, 1u, 0xffu, 0x80000000u, 0xffffffffu, 0x12345678u };
        unsigned t = popcount_array(a, 6, &maxb);
        printf("total=%u max=%u\n", t, maxb);
        break;
    }
    case 2: {
        unsigned n = 100000, i;
        uint32_t *a = malloc(n * sizeof *a);
        uint32_t s = 99u;
        for (i = 0; i < n; i++) {
            s = s * 1664525u + 1013904223u;
            a[i] = s;
        }
        unsigned t = popcount_array(a, n, &maxb);
        printf("total=%u max=%u\n", t, maxb);
        free(a);
        break;
    }
    }
    return 0;
}
