/* Remainders and quotients by powers of two of loop counters plus
 * offsets, as wrap-around indexing writes them: counters that start at 0
 * or above and count up (never negative), counters that start below 0,
 * and counters that count down past 0. */
#include <stdio.h>

#define W 16

int main() {
    unsigned char ring[W];
    for (int i = 0; i < W; i++) ring[i] = (unsigned char)(i * 37 + 11);
    long sum = 0;
    for (int x = 0; x < W; x++)
        for (int dx = -1; dx <= 1; dx++)
            sum += ring[(x + dx + W) % W] * (dx + 2) + (x + dx + W) / 4;
    printf("neighbours %ld\n", sum);
    for (int i = -9; i < 9; i += 2)
        printf("%d:%d/%d ", i, i % 4, i / 8);
    printf("\n");
    for (int j = 5; j > -6; j--)
        printf("%d ", (j + 2) % 8);
    printf("\n");
    for (long k = 3; k < 70; k += 11)
        printf("%ld ", (k - 3) / 16 + (k + 1) % 32);
    printf("\n");
    return 0;
}
