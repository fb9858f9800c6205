#include <stdio.h>
#include <string.h>

#define LIMIT 10000

static char composite[LIMIT + 1];

int main(void) {
    memset(composite, 0, sizeof composite);
    composite[0] = composite[1] = 1;
    for (int i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (int j = i * i; j <= LIMIT; j += i) composite[j] = 1;
    int count = 0;
    long sum = 0;
    int last = 0;
    for (int i = 2; i <= LIMIT; i++)
        if (!composite[i]) { count++; sum += i; last = i; }
    printf("count=%d sum=%ld last=%d\n", count, sum, last);
    for (int i = 0, shown = 0; shown < 25; i++)
        if (!composite[i]) { printf("%d ", i); shown++; }
    printf("\n");
    int twins = 0;
    for (int i = 3; i + 2 <= LIMIT; i += 2)
        if (!composite[i] && !composite[i + 2]) twins++;
    printf("twins=%d\n", twins);
    int maxgap = 0, gapstart = 0, prev = 2;
    for (int i = 3; i <= LIMIT; i++)
        if (!composite[i]) {
            if (i - prev > maxgap) { maxgap = i - prev; gapstart = prev; }
            prev = i;
        }
    printf("maxgap=%d after %d\n", maxgap, gapstart);
    int phi[101];
    for (int i = 0; i <= 100; i++) phi[i] = i;
    for (int p = 2; p <= 100; p++)
        if (phi[p] == p)
            for (int k = p; k <= 100; k += p) phi[k] -= phi[k] / p;
    for (int i = 1; i <= 20; i++) printf("%d ", phi[i]);
    printf("\n");
    return 0;
}
