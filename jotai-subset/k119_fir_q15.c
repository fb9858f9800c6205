// inputs: 0 1 2 3  tags: short, nested-loop, counted-loop, fixed-point, saturation
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Q15 FIR filter with saturation.  hist holds the last ntaps-1 input samples
   (oldest first) and is updated.  Returns the number of saturated outputs. */
int fir_q15(const int16_t *coef, short ntaps, int16_t *hist, const int16_t *in, short n, int16_t *out)
{
    int sat = 0;
    for (short i = 0; i < n; i++) {
        int64_t acc = 0;
        /* newest sample times coef[0] */
        acc += (int64_t)coef[0] * in[i];
        for (short k = 1; k < ntaps; k++) {
            short idx = (short)(i - k);
            int16_t s = idx >= 0 ? in[idx] : hist[ntaps - 1 + idx];
            acc += (int64_t)coef[k] * s;
        }
        /* round to nearest, floor-divide by 2^15 without shifting a negative value */
        int64_t t = acc + (1 << 14);
        acc = t >= 0 ? t / 32768 : -((-t + 32767) / 32768);
        if (acc > 32767) { acc = 32767; sat++; }
        else if (acc < -32768) { acc = -32768; sat++; }
        out[i] = (int16_t)acc;
    }
    /* update history with the tail of this block */
    short keep = (short)(ntaps - 1);
    for (short j = 0; j < keep; j++) {
        short src = (short)(n - keep + j);
        hist[j] = src >= 0 ? in[src] : hist[j + n];
    }
    return sat;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int16_t coef[1] = {32767}, hist[1] = {0}, in[1] = {0}, out[1] = {0};
        int s = fir_q15(coef, 1, hist, in, 0, out);
        printf("sat=%d\n", s);
        break;
    }
    case 1: {
        int16_t coef[4] = {8192, 8192, 8192, 8192};
        int16_t hist[3] = {0, 0, 0};
        int16_t in[8] = {1000, 2000, 3000, 4000, -4000, -3000, 100, 0};
        int16_t out[8];
        int s = fir_q15(coef, 4, hist, in, 8, out);
        printf("sat=%d out:", s);
        for (int i = 0; i < 8; i++) printf(" %d", out[i]);
        printf(" hist: %d %d %d\n", hist[0], hist[1], hist[2]);
        int16_t in2[2] = {500, 500};
        s = fir_q15(coef, 4, hist, in2, 2, out);
        printf("sat=%d out: %d %d hist: %d %d %d\n", s, out[0], out[1], hist[0], hist[1], hist[2]);
        break;
    }
    case 2: {
        int16_t coef[3] = {32767, 32767, 32767};
        int16_t hist[2] = {30000, 30000};
        int16_t in[4] = {30000, -30000, -30000, -30000};
        int16_t out[4];
        int s = fir_q15(coef, 3, hist, in, 4, out);
        printf("sat=%d out: %d %d %d %d\n", s, out[0], out[1], out[2], out[3]);
        break;
    }
    case 3: {
        short ntaps = 31;
        int16_t coef[31];
        for (int k = 0; k < 31; k++) coef[k] = (int16_t)(1000 + ((k * 37) % 23) * 40 - (k > 15 ? 300 : 0));
        int16_t hist[30];
        for (int k = 0; k < 30; k++) hist[k] = 0;
        int16_t in[2000], out[2000];
        unsigned seed = 1u;
        long total = 0;
        int sat = 0;
        for (int blk = 0; blk < 1; blk++) {
            for (int i = 0; i < 2000; i++) {
                seed = seed * 1103515245u + 12345u;
                in[i] = (int16_t)((int)((seed >> 16) & 0x3FFF) - 8192);
            }
            sat += fir_q15(coef, ntaps, hist, in, 2000, out);
            for (int i = 0; i < 2000; i++) total += out[i];
        }
        printf("sat=%d total=%ld last=%d %d hist0=%d\n", sat, total, out[1998], out[1999], hist[0]);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
