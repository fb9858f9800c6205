// inputs: 0 1 2 3  tags: bits, down-count, unsigned, counted-loop
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Reverses the low `bits` bits of v. */
uint32_t bit_reverse(uint32_t v, int bits)
{
    uint32_t r = 0;
    int i;
    for (i = bits - 1; i >= 0; i--) {
        r |= (v & 1u) << i;
        v >>= 1;
    }
    return r;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("%08x %08x\n", (unsigned)bit_reverse(0x12345678u, 0), (unsigned)bit_reverse(1u, 1));
        break;
    case 1:
        printf("%08x\n", (unsigned)bit_reverse(0x00000001u, 32));
        printf("%08x\n", (unsigned)bit_reverse(0x12345678u, 32));
        printf("%x\n", (unsigned)bit_reverse(0x6u, 3));
        break;
    case 2: {
        /* FFT-style bit-reversal permutation indices for n = 16 */
        int i;
        for (i = 0; i < 16; i++)
            printf("%u ", (unsigned)bit_reverse((uint32_t)i, 4));
        printf("\n");
        break;
    }
    case 3: {
        uint32_t s = 3u, acc = 0;
        int i;
        for (i = 0; i < 3000; i++) {
            s = s * 1664525u + 1013904223u;
            acc ^= bit_reverse(s, 32) + (uint32_t)i;
        }
        printf("acc=%08x\n", (unsigned)acc);
        break;
    }
    }
    return 0;
}
