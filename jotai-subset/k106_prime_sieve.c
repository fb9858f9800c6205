// inputs: 0 1 2 3  tags: stride-loop, nested-loop, counted-loop, early-return
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sieve of Eratosthenes over odd numbers only.  composite[k] describes 2k+1.
   Returns pi(limit) and stores the largest twin-prime pair start in *twin. */
long prime_sieve(unsigned char *composite, long limit, long *twin)
{
    *twin = -1;
    if (limit < 2) return 0;
    long half = (limit - 1) / 2 + 1;      /* numbers 1,3,5,...,<=limit */
    memset(composite, 0, (size_t)half);
    composite[0] = 1;                     /* 1 is not prime */
    for (long i = 1; ; i++) {
        long p = 2 * i + 1;
        if (p * p > limit) break;
        if (composite[i]) continue;
        for (long j = (p * p - 1) / 2; j < half; j += p)
            composite[j] = 1;
    }
    long count = 1; /* the prime 2 */
    for (long k = 1; k < half; k++)
        if (!composite[k]) count++;
    for (long k = half - 2; k >= 1; k--) {
        if (!composite[k] && !composite[k + 1]) {
            *twin = 2 * k + 1;
            break;
        }
    }
    return count;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    long twin;
    long limits[4] = {1, 30, 1000, 2000000};
    if (opt < 0 || opt > 3) { printf("unknown input\n"); return 0; }
    long limit = limits[opt];
    unsigned char *c = malloc((size_t)(limit / 2 + 2));
    long pi = prime_sieve(c, limit, &twin);
    printf("limit=%ld pi=%ld twin=%ld\n", limit, pi, twin);
    if (limit >= 2) {
        printf("odd primes:");
        int shown = 0;
        for (long k = 1; k <= (limit - 1) / 2 && shown < 12; k++)
            if (!c[k]) { printf(" %ld", 2 * k + 1); shown++; }
        printf("\n");
    }
    free(c);
    return 0;
}
