// inputs: 0 1 2 3  tags: bits, unsigned, long, while-loop, numeric, primality
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* Modular exponentiation by squaring for moduli below 2^32. */
uint64_t powmod(uint64_t base, uint64_t exp, uint64_t mod)
{
    uint64_t r = 1;
    if (mod == 1)
        return 0;
    base %= mod;
    while (exp > 0) {
        if (exp & 1u)
            r = r * base % mod;
        base = base * base % mod;
        exp >>= 1;
    }
    return r;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        printf("%llu %llu\n", (unsigned long long)powmod(5, 3, 1), (unsigned long long)powmod(7, 0, 13));
        break;
    case 1:
        printf("%llu\n", (unsigned long long)powmod(4, 13, 497));
        printf("%llu\n", (unsigned long long)powmod(2, 4294967290ull, 4294967291ull));
        break;
    case 2: {
        /* Fermat test (base 2) over odd numbers, counting pseudoprimes < 3000 */
        uint64_t n;
        int probable = 0;
        for (n = 3; n < 3000; n += 2)
            if (powmod(2, n - 1, n) == 1)
                probable++;
        printf("probable primes=%d\n", probable);
        break;
    }
    case 3: {
        uint64_t x = 1;
        int i;
        for (i = 0; i < 200; i++)
            x = powmod(x + 3, 65537, 4294967291ull);
        printf("x=%llu\n", (unsigned long long)x);
        break;
    }
    }
    return 0;
}
