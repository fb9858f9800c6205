// inputs: 0 1 2 3  tags: nested-loop, stride-loop, numeric, unsigned-char
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sieve of Eratosthenes over [0, n]; returns number of primes. */
int sieve(unsigned char *composite, int n, int *largest)
{
    int i, j, count = 0;
    *largest = -1;
    if (n < 2)
        return 0;
    memset(composite, 0, (size_t)n + 1);
    for (i = 2; (long)i * i <= n; i++) {
        if (composite[i])
            continue;
        for (j = i * i; j <= n; j += i)
            composite[j] = 1;
    }
    for (i = 2; i <= n; i++) {
        if (!composite[i]) {
            count++;
            *largest = i;
        }
    }
    return count;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int largest = 0, c;
    int ns[4] = { 1, 30, 1000, 1000000 };
    if (opt < 0 || opt > 3)
        return 0;
    unsigned char *comp = malloc((size_t)ns[opt] + 1);
    c = sieve(comp, ns[opt], &largest);
    printf("n=%d primes=%d largest=%d\n", ns[opt], c, largest);
    if (opt == 1) {
        int i;
        for (i = 2; i <= 30; i++)
            if (!comp[i])
                printf("%d ", i);
        printf("\n");
    }
    free(comp);
    return 0;
}
