// inputs: 0 1 2 3  tags: stride-loop, down-count, counted-loop, interleaved-data
#include <stdio.h>
#include <stdlib.h>

/* Interleaved data with `stride` channels: computes the running sum per
 * channel in place (stepping i += stride) and then the reverse suffix maximum
 * of channel 0. Returns the channel-0 total. */
long strided_prefix(int *a, int n, int stride, int *sufmax)
{
    int ch, i;
    long total0 = 0;
    if (stride <= 0 || n <= 0)
        return 0;
    for (ch = 0; ch < stride; ch++) {
        int run = 0;
        for (i = ch; i < n; i += stride) {
            run += a[i];
            a[i] = run;
        }
        if (ch == 0)
            total0 = run;
    }
    int m = a[((n - 1) / stride) * stride];
    for (i = ((n - 1) / stride) * stride; i >= 0; i -= stride) {
        if (a[i] > m)
            m = a[i];
        sufmax[i / stride] = m;
    }
    return total0;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int a[64], suf[64], i, n = 0, stride = 1;
    for (i = 0; i < 64; i++)
        a[i] = suf[i] = 0;
    switch (opt) {
    case 0:
        n = 0;
        stride = 3;
        break;
    case 1:
        n = 7;
        stride = 1;
        for (i = 0; i < n; i++)
            a[i] = i - 3;
        break;
    case 2:
        n = 12;
        stride = 3;
        for (i = 0; i < n; i++)
            a[i] = (i % 3 == 0) ? 5 - i : i;
        break;
    case 3: {
        unsigned s = 3u;
        n = 64;
        stride = 4;
        for (i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            a[i] = (int)((s >> 16) % 21u) - 10;
        }
        break;
    }
    default:
        return 0;
    }
    long t = strided_prefix(a, n, stride, suf);
    printf("total0=%ld\na:", t);
    for (i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf("\nsuf:");
    for (i = 0; n > 0 && i <= (n - 1) / stride; i++)
        printf(" %d", suf[i]);
    printf("\n");
    return 0;
}
