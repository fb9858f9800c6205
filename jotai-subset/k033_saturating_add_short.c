// inputs: 0 1 2 3  tags: short, counted-loop, stacked-conditionals, audio, clamp
#include <stdio.h>
#include <stdlib.h>

/* Mixes two 16-bit sample buffers with gain (in 1/256 units) and
 * saturation. Returns the number of clipped samples. */
int mix_saturate(short *dst, const short *src, short n, int gain)
{
    short i;
    int clipped = 0;
    for (i = 0; i < n; i++) {
        int v = dst[i] + (src[i] * gain) / 256;
        if (v > 32767) {
            v = 32767;
            clipped++;
        } else if (v < -32768) {
            v = -32768;
            clipped++;
        }
        dst[i] = (short)v;
    }
    return clipped;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    short a[300], b[300];
    int i, c;
    for (i = 0; i < 300; i++)
        a[i] = b[i] = 0;
    switch (opt) {
    case 0:
        c = mix_saturate(a, b, 0, 256);
        printf("clipped=%d\n", c);
        break;
    case 1: {
        short x[4] = { 100, -100, 32000, -32000 };
        short y[4] = { 50, -50, 1000, -1000 };
        c = mix_saturate(x, y, 4, 256);
        printf("clipped=%d: %d %d %d %d\n", c, x[0], x[1], x[2], x[3]);
        break;
    }
    case 2: {
        short x[3] = { 1000, 2000, 3000 };
        short y[3] = { 512, -512, 256 };
        c = mix_saturate(x, y, 3, -128);
        printf("clipped=%d: %d %d %d\n", c, x[0], x[1], x[2]);
        break;
    }
    case 3: {
        unsigned s = 1u;
        long sum = 0;
        for (i = 0; i < 300; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (short)((int)((s >> 8) & 0xffffu) - 32768);
            s = s * 1103515245u + 12345u;
            b[i] = (short)((int)((s >> 8) & 0xffffu) - 32768);
        }
        c = mix_saturate(a, b, 300, 384);
        for (i = 0; i < 300; i++)
            sum += a[i];
        printf("clipped=%d sum=%ld a0=%d a299=%d\n", c, sum, a[0], a[299]);
        break;
    }
    }
    return 0;
}
