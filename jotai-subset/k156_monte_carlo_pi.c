// inputs: 0 1 2 3  tags: double, counted-loop, bits, stacked-conditionals
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Monte-Carlo estimate of pi with a xorshift64* generator; also a stratified variant
   that draws one point per cell of a k x k grid per round.  Returns hits; *estimate
   receives the pi estimate.  The generator state is updated in place. */
long mc_pi(uint64_t *state, long samples, int strata, double *estimate)
{
    long hits = 0, total = 0;
    if (samples <= 0) {
        *estimate = 0.0;
        return 0;
    }
    if (strata <= 1) {
        for (long i = 0; i < samples; i++) {
            uint64_t x = *state;
            x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
            *state = x;
            uint64_t r = x * 2685821657736338717ull;
            double u = (double)(r >> 11) * (1.0 / 9007199254740992.0);
            double v = (double)(r & 0x1FFFFFull) * (1.0 / 2097152.0);
            if (u * u + v * v <= 1.0) hits++;
            total++;
        }
    } else {
        double cell = 1.0 / strata;
        while (total < samples) {
            for (int a = 0; a < strata && total < samples; a++) {
                for (int b = 0; b < strata && total < samples; b++) {
                    uint64_t x = *state;
                    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
                    *state = x;
                    uint64_t r = x * 2685821657736338717ull;
                    double u = (a + (double)(r >> 40) / 16777216.0) * cell;
                    double v = (b + (double)(r & 0xFFFFFFull) / 16777216.0) * cell;
                    if (u * u + v * v <= 1.0) hits++;
                    total++;
                }
            }
        }
    }
    *estimate = 4.0 * (double)hits / (double)total;
    return hits;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    uint64_t st = 88172645463325252ull;
    double est;
    long h;
    switch (opt) {
    case 0:
        h = mc_pi(&st, 0, 1, &est);
        printf("hits=%ld est=%.6f\n", h, est);
        break;
    case 1:
        h = mc_pi(&st, 1000, 1, &est);
        printf("plain hits=%ld est=%.6f state=%llx\n", h, est, (unsigned long long)st);
        h = mc_pi(&st, 1000, 10, &est);
        printf("strat hits=%ld est=%.6f state=%llx\n", h, est, (unsigned long long)st);
        break;
    case 2:
        h = mc_pi(&st, 37, 4, &est);
        printf("partial round hits=%ld est=%.6f\n", h, est);
        break;
    case 3:
        h = mc_pi(&st, 250000, 1, &est);
        printf("plain hits=%ld est=%.6f\n", h, est);
        h = mc_pi(&st, 250000, 32, &est);
        printf("strat hits=%ld est=%.6f state=%llx\n", h, est, (unsigned long long)st);
        break;
    default:
        printf("unknown input\n");
    }
    return 0;
}
