/* Bit-set library with set algebra, iteration, popcount and shifts. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <limits.h>

#define NBITS 200
#define WORD_BITS (sizeof(uint64_t) * CHAR_BIT)
#define NWORDS ((NBITS + WORD_BITS - 1) / WORD_BITS)

typedef struct { uint64_t w[NWORDS]; } BitSet;

#define BS_WORD(i) ((i) / WORD_BITS)
#define BS_MASK(i) ((uint64_t)1 << ((i) % WORD_BITS))
#define BS_SET(b, i) ((b)->w[BS_WORD(i)] |= BS_MASK(i))
#define BS_CLR(b, i) ((b)->w[BS_WORD(i)] &= ~BS_MASK(i))
#define BS_TST(b, i) (((b)->w[BS_WORD(i)] & BS_MASK(i)) != 0)

static void bs_clear(BitSet *b) { memset(b, 0, sizeof *b); }

static int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static int ctz64(uint64_t x) {
    int n = 0;
    if (!x) return 64;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
}

static int bs_count(const BitSet *b) {
    int n = 0;
    for (size_t i = 0; i < NWORDS; i++) n += popcount64(b->w[i]);
    return n;
}

static int bs_next(const BitSet *b, int from) {
    if (from >= NBITS) return -1;
    size_t wi = BS_WORD((size_t)from);
    uint64_t w = b->w[wi] & (~(uint64_t)0 << (from % WORD_BITS));
    for (;;) {
        if (w) {
            int r = (int)(wi * WORD_BITS) + ctz64(w);
            return r < NBITS ? r : -1;
        }
        if (++wi >= NWORDS) return -1;
        w = b->w[wi];
    }
}

typedef void (*BinOp)(BitSet *, const BitSet *, const BitSet *);
static void op_and(BitSet *r, const BitSet *a, const BitSet *b) { for (size_t i = 0; i < NWORDS; i++) r->w[i] = a->w[i] & b->w[i]; }
static void op_or(BitSet *r, const BitSet *a, const BitSet *b) { for (size_t i = 0; i < NWORDS; i++) r->w[i] = a->w[i] | b->w[i]; }
static void op_xor(BitSet *r, const BitSet *a, const BitSet *b) { for (size_t i = 0; i < NWORDS; i++) r->w[i] = a->w[i] ^ b->w[i]; }
static void op_andnot(BitSet *r, const BitSet *a, const BitSet *b) { for (size_t i = 0; i < NWORDS; i++) r->w[i] = a->w[i] & ~b->w[i]; }

static void bs_shl(BitSet *b, unsigned k) {
    size_t ws = k / WORD_BITS;
    unsigned bs = k % WORD_BITS;
    for (size_t i = NWORDS; i-- > 0;) {
        uint64_t v = 0;
        if (i >= ws) {
            v = b->w[i - ws] << bs;
            if (bs && i > ws) v |= b->w[i - ws - 1] >> (WORD_BITS - bs);
        }
        b->w[i] = v;
    }
    /* mask off bits beyond NBITS */
    b->w[NWORDS - 1] &= (~(uint64_t)0) >> (NWORDS * WORD_BITS - NBITS);
}

static void bs_print(const char *name, const BitSet *b) {
    printf("%-8s (%3d):", name, bs_count(b));
    int shown = 0;
    for (int i = bs_next(b, 0); i >= 0; i = bs_next(b, i + 1)) {
        if (shown++ < 24) printf(" %d", i);
    }
    if (shown > 24) printf(" ...");
    putchar('\n');
}

int main(void) {
    BitSet primes, evens, squares, r;
    bs_clear(&primes); bs_clear(&evens); bs_clear(&squares);
    /* sieve into bitset */
    BitSet comp;
    bs_clear(&comp);
    for (size_t i = 2; i < NBITS; i++) {
        if (BS_TST(&comp, i)) continue;
        BS_SET(&primes, i);
        for (size_t j = i * i; j < NBITS; j += i) BS_SET(&comp, j);
    }
    for (int i = 0; i < NBITS; i += 2) BS_SET(&evens, (size_t)i);
    for (int i = 0; i * i < NBITS; i++) BS_SET(&squares, (size_t)(i * i));
    bs_print("primes", &primes);
    bs_print("evens", &evens);
    bs_print("squares", &squares);

    static const struct { const char *name; BinOp op; } ops[] = {
        { "and", op_and }, { "or", op_or }, { "xor", op_xor }, { "andnot", op_andnot },
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        char label[32];
        ops[k].op(&r, &primes, &evens);
        snprintf(label, sizeof label, "p %s e", ops[k].name);
        bs_print(label, &r);
        ops[k].op(&r, &squares, &evens);
        snprintf(label, sizeof label, "s %s e", ops[k].name);
        bs_print(label, &r);
    }
    r = primes;
    BS_CLR(&r, 2); BS_CLR(&r, 199); BS_CLR(&r, 197);
    bs_print("p-2", &r);
    unsigned shifts[] = { 1, 7, 63, 64, 65, 130 };
    for (size_t i = 0; i < sizeof shifts / sizeof *shifts; i++) {
        BitSet s = squares;
        bs_shl(&s, shifts[i]);
        char label[16];
        sprintf(label, "sq<<%u", shifts[i]);
        bs_print(label, &s);
    }
    for (size_t i = 0; i < NWORDS; i++) printf("primes.w[%zu] = %016llx\n", i, (unsigned long long)primes.w[i]);
    printf("popcounts: %d %d %d %d\n", popcount64(0), popcount64(~0ULL), popcount64(0x8000000000000001ULL),
           popcount64(0x123456789abcdefULL));
    printf("ctz: %d %d %d\n", ctz64(1), ctz64(0x8000000000000000ULL), ctz64(0));
    return 0;
}
