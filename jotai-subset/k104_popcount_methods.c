// inputs: 0 1 2  tags: bits, while-loop, counted-loop, unsigned
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Counts set bits of each word three ways (Kernighan loop, nibble table, SWAR)
   and records parity and leading-zero counts.  Returns number of disagreements. */
int bit_stats(const uint32_t *w, int n, unsigned *pop, unsigned char *parity, unsigned char *clz)
{
    static const unsigned char nib[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    int bad = 0;
    for (int i = 0; i < n; i++) {
        uint32_t x = w[i];
        unsigned a = 0;
        while (x) {
            x &= x - 1;
            a++;
        }
        unsigned b = 0;
        for (uint32_t y = w[i]; y != 0; y >>= 4)
            b += nib[y & 15u];
        uint32_t v = w[i];
        v = v - ((v >> 1) & 0x55555555u);
        v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
        v = (v + (v >> 4)) & 0x0F0F0F0Fu;
        unsigned c = (v * 0x01010101u) >> 24;
        if (a != b || b != c) bad++;
        pop[i] = a;
        parity[i] = (unsigned char)(a & 1u);
        unsigned z = 0;
        uint32_t m = 0x80000000u;
        while (m && !(w[i] & m)) {
            z++;
            m >>= 1;
        }
        clz[i] = (unsigned char)z;
    }
    return bad;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        uint32_t w[4] = {0u, 1u, 0x80000000u, 0xFFFFFFFFu};
        unsigned pop[4];
        unsigned char par[4], clz[4];
        int bad = bit_stats(w, 4, pop, par, clz);
        printf("bad=%d\n", bad);
        for (int i = 0; i < 4; i++) printf("%08x pop=%u parity=%u clz=%u\n", (unsigned)w[i], pop[i], par[i], clz[i]);
        break;
    }
    case 1: {
        uint32_t w[10];
        unsigned pop[10];
        unsigned char par[10], clz[10];
        for (int i = 0; i < 10; i++) w[i] = 0x12345678u >> i ^ (uint32_t)(i * 0x01010101u);
        int bad = bit_stats(w, 10, pop, par, clz);
        printf("bad=%d\n", bad);
        for (int i = 0; i < 10; i++) printf("%08x pop=%u parity=%u clz=%u\n", (unsigned)w[i], pop[i], par[i], clz[i]);
        break;
    }
    case 2: {
        int n = 60000;
        uint32_t *w = malloc((size_t)n * sizeof *w);
        unsigned *pop = malloc((size_t)n * sizeof *pop);
        unsigned char *par = malloc((size_t)n);
        unsigned char *clz = malloc((size_t)n);
        uint32_t s = 2463534242u;
        for (int i = 0; i < n; i++) {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
            w[i] = s >> (i % 32);
        }
        int bad = bit_stats(w, n, pop, par, clz);
        unsigned long tp = 0, tz = 0, tpar = 0;
        for (int i = 0; i < n; i++) { tp += pop[i]; tz += clz[i]; tpar += par[i]; }
        printf("bad=%d total_pop=%lu total_clz=%lu odd=%lu\n", bad, tp, tz, tpar);
        free(w); free(pop); free(par); free(clz);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
