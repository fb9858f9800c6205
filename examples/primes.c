/* A small example: counts primes with a sieve and prints a few of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sieve(char *composite, int n) {
    int count = 0;
    memset(composite, 0, n + 1);
    for (int i = 2; i <= n; i++) {
        if (composite[i])
            continue;
        count++;
        for (long j = (long)i * i; j <= n; j += i)
            composite[j] = 1;
    }
    return count;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    char *composite = malloc(n + 1);
    int count = sieve(composite, n);
    printf("%d primes up to %d; the last ones:", count, n);
    int shown = 0;
    for (int i = n; i >= 2 && shown < 5; i--)
        if (!composite[i]) {
            printf(" %d", i);
            shown++;
        }
    printf("\n");
    free(composite);
    return 0;
}
