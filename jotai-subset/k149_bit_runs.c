// inputs: 0 1 2 3  tags: unsigned, bits, nested-loop, counted-loop
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Scan a bitmap (nbits bits, LSB-first in bytes) and record run lengths of alternating
   0/1 runs (starting with a 0-run, possibly empty) into runs[].  Returns the number of
   runs written (stops at max_runs); *longest1 gets the longest 1-run. */
unsigned bit_runs(const uint8_t *bits, unsigned nbits, unsigned *runs, unsigned max_runs, unsigned *longest1)
{
    unsigned nr = 0, cur = 0, len = 0;
    *longest1 = 0;
    if (max_runs == 0) return 0;
    for (unsigned i = 0; i < nbits; i++) {
        unsigned b = (bits[i >> 3] >> (i & 7u)) & 1u;
        if (b == cur) {
            len++;
            continue;
        }
        runs[nr++] = len;
        if (cur == 1u && len > *longest1) *longest1 = len;
        if (nr == max_runs) return nr;
        cur = b;
        len = 1;
    }
    runs[nr++] = len;
    if (cur == 1u && len > *longest1) *longest1 = len;
    return nr;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    unsigned runs[64], l1;
    switch (opt) {
    case 0: {
        uint8_t b[1] = {0xFF};
        unsigned n0 = bit_runs(b, 0, runs, 64, &l1);
        printf("nbits=0 -> %u runs, first=%u l1=%u\n", n0, runs[0], l1);
        unsigned n1 = bit_runs(b, 8, runs, 0, &l1);
        printf("max_runs=0 -> %u\n", n1);
        break;
    }
    case 1: {
        uint8_t b[3] = {0xF0, 0x0F, 0xA5};
        unsigned n = bit_runs(b, 24, runs, 64, &l1);
        printf("runs=%u longest1=%u:", n, l1);
        for (unsigned i = 0; i < n; i++) printf(" %u", runs[i]);
        printf("\n");
        n = bit_runs(b, 24, runs, 3, &l1);
        printf("capped runs=%u longest1=%u\n", n, l1);
        break;
    }
    case 2: {
        uint8_t b[4] = {0xFF, 0xFF, 0xFF, 0x7F};
        unsigned n = bit_runs(b, 31, runs, 64, &l1);
        printf("runs=%u longest1=%u:", n, l1);
        for (unsigned i = 0; i < n; i++) printf(" %u", runs[i]);
        printf("\n");
        break;
    }
    case 3: {
        unsigned nbytes = 4000;
        uint8_t *b = malloc(nbytes);
        unsigned seed = 10u;
        for (unsigned i = 0; i < nbytes; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            b[i] = (uint8_t)((r % 4 == 0) ? 0xFF : (r % 4 == 1) ? 0x00 : (r >> 4));
        }
        unsigned *big = malloc(nbytes * 8u * sizeof *big);
        unsigned n = bit_runs(b, nbytes * 8u, big, nbytes * 8u, &l1);
        unsigned long s = 0;
        for (unsigned i = 0; i < n; i++) s += (unsigned long)big[i] * (i % 5u + 1u);
        printf("runs=%u longest1=%u weighted=%lu\n", n, l1, s);
        free(big);
        free(b);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
