#include <stdio.h>

int main(void) {
    for (int i = 1; i <= 9; i++) {
        for (int j = 1; j <= i; j++) printf("%d ", i * j);
        printf("\n");
    }
    int triples = 0;
    for (int a = 1; a < 30; a++)
        for (int b = a; b < 30; b++)
            for (int c = b; c < 30; c++)
                if (a * a + b * b == c * c) { printf("(%d,%d,%d)", a, b, c); triples++; }
    printf("\n%d\n", triples);
    for (int row = 0; row < 5; row++) {
        for (int sp = 0; sp < 4 - row; sp++) putchar(' ');
        for (int st = 0; st < 2 * row + 1; st++) putchar('*');
        putchar('\n');
    }
    long ways = 0;
    for (int q = 0; q * 25 <= 100; q++)
        for (int d = 0; q * 25 + d * 10 <= 100; d++)
            for (int n = 0; q * 25 + d * 10 + n * 5 <= 100; n++) ways++;
    printf("ways=%ld\n", ways);
    int i = 0, total = 0;
    while (i < 4) {
        int j = 0;
        do {
            for (int k = 0; k < j; k++) total += i + j + k;
            j++;
        } while (j < 4);
        i++;
    }
    printf("total=%d\n", total);
    return 0;
}
