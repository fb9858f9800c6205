// inputs: 0 1 2 3  tags: long, bits, counted-loop, while-loop, switch, set
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Apply a set operation on two bitsets of nwords 64-bit words, writing into dst.
   op: 'u' union, 'i' intersection, 'd' difference, 'x' symmetric difference.
   Returns the cardinality of the result, or -1 for an unknown op. */
long bitset_op(unsigned long *dst, const unsigned long *a, const unsigned long *b, long nwords, char op)
{
    long card = 0;
    for (long i = 0; i < nwords; i++) {
        unsigned long w;
        switch (op) {
        case 'u': w = a[i] | b[i]; break;
        case 'i': w = a[i] & b[i]; break;
        case 'd': w = a[i] & ~b[i]; break;
        case 'x': w = a[i] ^ b[i]; break;
        default: return -1;
        }
        dst[i] = w;
        while (w) {
            w &= w - 1;
            card++;
        }
    }
    return card;
}

static void list_members(const unsigned long *s, long nwords, int limit)
{
    int shown = 0;
    for (long i = 0; i < nwords && shown < limit; i++)
        for (int b = 0; b < 64 && shown < limit; b++)
            if (s[i] >> b & 1ul) { printf(" %ld", i * 64 + b); shown++; }
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        unsigned long a[1] = {0}, b[1] = {0}, d[1] = {0};
        long r1 = bitset_op(d, a, b, 0, 'u');
        long r2 = bitset_op(d, a, b, 1, '?');
        printf("empty=%ld badop=%ld\n", r1, r2);
        break;
    }
    case 1: {
        unsigned long a[2] = {0xF0F0ul, 1ul << 63}, b[2] = {0xFF00ul, 3ul}, d[2];
        const char ops[4] = {'u', 'i', 'd', 'x'};
        for (int k = 0; k < 4; k++) {
            long c = bitset_op(d, a, b, 2, ops[k]);
            printf("%c card=%ld members:", ops[k], c);
            list_members(d, 2, 20);
        }
        break;
    }
    case 2: {
        unsigned long a[4], b[4], d[4];
        memset(a, 0xFF, sizeof a);
        memset(b, 0xFF, sizeof b);
        long c1 = bitset_op(d, a, b, 4, 'i');
        long c2 = bitset_op(d, a, b, 4, 'x');
        printf("full i=%ld x=%ld\n", c1, c2);
        break;
    }
    case 3: {
        long nw = 4096;
        unsigned long *a = malloc((size_t)nw * sizeof *a);
        unsigned long *b = malloc((size_t)nw * sizeof *b);
        unsigned long *d = malloc((size_t)nw * sizeof *d);
        unsigned long x = 0x9E3779B97F4A7C15ul;
        for (long i = 0; i < nw; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            a[i] = x;
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            b[i] = x & (x >> 3);
        }
        const char ops[4] = {'u', 'i', 'd', 'x'};
        for (int k = 0; k < 4; k++) {
            long c = bitset_op(d, a, b, nw, ops[k]);
            printf("%c card=%ld first:", ops[k], c);
            list_members(d, nw, 6);
        }
        free(a); free(b); free(d);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
