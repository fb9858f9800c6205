// inputs: 0 1 2 3  tags: bits, uint64, counted-loop, while-loop, unsigned
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define WORDS 4

/* Computes a AND NOT b into out, then lists set-bit indices (up to cap) by
 * repeatedly extracting the lowest set bit. Returns number of set bits. */
int bitset_andnot_list(const uint64_t *a, const uint64_t *b, uint64_t *out, int *idx, int cap)
{
    int w, n = 0;
    for (w = 0; w < WORDS; w++)
        out[w] = a[w] & ~b[w];
    for (w = 0; w < WORDS; w++) {
        uint64_t x = out[w];
        while (x) {
            uint64_t low = x & (~x + 1u);
            int bit = 0;
            while ((low >> bit) != 1u)
                bit++;
            if (n < cap)
                idx[n] = w * 64 + bit;
            n++;
            x ^= low;
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    uint64_t a[WORDS] = { 0, 0, 0, 0 }, b[WORDS] = { 0, 0, 0, 0 }, o[WORDS];
    int idx[300], i, n;
    switch (opt) {
    case 0:
        break;
    case 1:
        a[0] = 0xF0ull;
        a[3] = 1ull << 63;
        b[0] = 0x30ull;
        break;
    case 2:
        for (i = 0; i < WORDS; i++) {
            a[i] = ~0ull;
            b[i] = 0xAAAAAAAAAAAAAAAAull;
        }
        break;
    case 3: {
        uint64_t s = 1;
        for (i = 0; i < WORDS; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            a[i] = s;
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            b[i] = s & (s >> 7);
        }
        break;
    }
    default:
        return 0;
    }
    n = bitset_andnot_list(a, b, o, idx, 300);
    printf("n=%d words=%016llx %016llx %016llx %016llx\n", n, (unsigned long long)o[0],
           (unsigned long long)o[1], (unsigned long long)o[2], (unsigned long long)o[3]);
    for (i = 0; i < n && i < 300; i++)
        printf("%d ", idx[i]);
    printf("\n");
    return 0;
}
