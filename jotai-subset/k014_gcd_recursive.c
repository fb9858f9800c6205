// inputs: 0 1 2 3  tags: recursion, numeric, unsigned
#include <stdio.h>
#include <stdlib.h>

unsigned long gcd(unsigned long a, unsigned long b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("gcd(0,0)=%lu gcd(7,0)=%lu gcd(0,9)=%lu\n", gcd(0, 0), gcd(7, 0), gcd(0, 9));
        break;
    case 1:
        printf("gcd(48,18)=%lu\n", gcd(48, 18));
        printf("gcd(1071,462)=%lu\n", gcd(1071, 462));
        break;
    case 2: {
        /* consecutive Fibonacci numbers: worst case depth */
        unsigned long f0 = 1, f1 = 1;
        int i;
        for (i = 0; i < 80; i++) {
            unsigned long t = f0 + f1;
            f0 = f1;
            f1 = t;
        }
        printf("gcd(fib)=%lu\n", gcd(f1, f0));
        break;
    }
    case 3: {
        /* count coprime pairs in [1..N]^2 */
        unsigned long n = 80, a, b, coprime = 0, sumg = 0;
        for (a = 1; a <= n; a++)
            for (b = 1; b <= n; b++) {
                unsigned long g = gcd(a, b);
                sumg += g;
                if (g == 1)
                    coprime++;
            }
        printf("coprime=%lu sumg=%lu\n", coprime, sumg);
        break;
    }
    }
    return 0;
}
