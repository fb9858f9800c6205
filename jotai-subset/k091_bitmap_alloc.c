// inputs: 0 1 2 3  tags: nested-loop, unsigned, bits, multi-exit, allocator
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* First-fit allocation of `count` contiguous free bits in a bitmap of nbits bits.
   Marks them used and returns the first bit index, or -1 if no room. */
long bitmap_alloc(unsigned *map, unsigned nbits, unsigned count)
{
    if (count == 0 || count > nbits)
        return -1;
    unsigned start = 0;
    while (start + count <= nbits) {
        unsigned word = map[start / 32];
        /* skip fully used words quickly */
        if (start % 32 == 0 && word == 0xFFFFFFFFu) {
            start += 32;
            continue;
        }
        unsigned len = 0;
        while (len < count) {
            unsigned b = start + len;
            if (map[b / 32] & (1u << (b % 32)))
                break;
            len++;
        }
        if (len == count) {
            for (unsigned b = start; b < start + count; b++)
                map[b / 32] |= 1u << (b % 32);
            return (long)start;
        }
        start += len + 1;
    }
    return -1;
}

static void free_bits(unsigned *map, unsigned first, unsigned count)
{
    for (unsigned b = first; b < first + count; b++)
        map[b / 32] &= ~(1u << (b % 32));
}

static void show_map(const unsigned *map, unsigned words)
{
    unsigned used = 0;
    for (unsigned w = 0; w < words; w++) {
        unsigned x = map[w];
        while (x) { used++; x &= x - 1; }
    }
    printf("used=%u words:", used);
    for (unsigned w = 0; w < words && w < 8; w++) printf(" %08x", map[w]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    unsigned map[64];
    memset(map, 0, sizeof map);
    switch (opt) {
    case 0:
        printf("zero: %ld\n", bitmap_alloc(map, 128, 0));
        printf("too big: %ld\n", bitmap_alloc(map, 128, 129));
        show_map(map, 4);
        break;
    case 1: {
        unsigned sizes[] = {5, 30, 3, 40, 1, 17, 32, 2};
        for (int i = 0; i < 8; i++) printf("alloc %u -> %ld\n", sizes[i], bitmap_alloc(map, 256, sizes[i]));
        free_bits(map, 5, 30);
        printf("after free: alloc 20 -> %ld\n", bitmap_alloc(map, 256, 20));
        printf("alloc 11 -> %ld\n", bitmap_alloc(map, 256, 11));
        show_map(map, 8);
        break;
    }
    case 2: {
        memset(map, 0xFF, 8 * sizeof map[0]);
        map[7] = 0x0000FFFFu;
        printf("alloc 16 -> %ld\n", bitmap_alloc(map, 256, 16));
        printf("alloc 1 -> %ld\n", bitmap_alloc(map, 256, 1));
        show_map(map, 8);
        break;
    }
    case 3: {
        unsigned seed = 11u;
        long firsts[400];
        unsigned lens[400];
        int live = 0, fails = 0;
        long sum = 0;
        for (int step = 0; step < 150; step++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 16;
            if (live > 0 && (r % 3 == 0 || live == 400)) {
                int k = (int)((r >> 2) % (unsigned)live);
                free_bits(map, (unsigned)firsts[k], lens[k]);
                firsts[k] = firsts[live - 1];
                lens[k] = lens[live - 1];
                live--;
            } else {
                unsigned n = 1 + (r >> 3) % 24;
                long f = bitmap_alloc(map, 2048, n);
                if (f < 0) { fails++; continue; }
                firsts[live] = f;
                lens[live] = n;
                live++;
                sum += f;
            }
        }
        printf("live=%d fails=%d sum=%ld\n", live, fails, sum);
        show_map(map, 64);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
