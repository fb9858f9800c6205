// inputs: 0 1 2 3  tags: recursion, early-return, long, counted-loop, number-theory
#include <stdio.h>
#include <stdlib.h>

/* Extended Euclid (recursive): returns g = gcd(a, b) and x, y with a*x + b*y = g. */
static long ext_gcd(long a, long b, long *x, long *y)
{
    if (b == 0) {
        *x = 1;
        *y = 0;
        return a;
    }
    long x1, y1;
    long g = ext_gcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

/* Compute modular inverses of vals[i] mod m into inv[i] (0 if none). Returns count invertible. */
int mod_inverses(const long *vals, int n, long m, long *inv)
{
    int ok = 0;
    if (m <= 1) {
        for (int i = 0; i < n; i++) inv[i] = 0;
        return 0;
    }
    for (int i = 0; i < n; i++) {
        long a = vals[i] % m;
        if (a < 0) a += m;
        long x, y;
        long g = ext_gcd(a, m, &x, &y);
        if (g != 1) {
            inv[i] = 0;
            continue;
        }
        x %= m;
        if (x < 0) x += m;
        inv[i] = x;
        ok++;
    }
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        long v[2] = {3, 5}, inv[2];
        int ok = mod_inverses(v, 2, 1, inv);
        printf("m=1: ok=%d inv=%ld %ld\n", ok, inv[0], inv[1]);
        break;
    }
    case 1: {
        long v[8] = {3, 10, 7, -4, 0, 26, 13, 1}, inv[8];
        int ok = mod_inverses(v, 8, 26, inv);
        printf("ok=%d:", ok);
        for (int i = 0; i < 8; i++) printf(" %ld", inv[i]);
        printf("\n");
        break;
    }
    case 2: {
        long v[6] = {2, 3, 1000000006L, 123456789L, 999999999999L, 42}, inv[6];
        long m = 1000000007L;
        int ok = mod_inverses(v, 6, m, inv);
        printf("ok=%d:", ok);
        for (int i = 0; i < 6; i++) printf(" %ld", inv[i]);
        printf("\n");
        break;
    }
    case 3: {
        int n = 5000;
        long *v = malloc((size_t)n * sizeof *v);
        long *inv = malloc((size_t)n * sizeof *inv);
        unsigned seed = 6u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            v[i] = (long)(seed >> 4);
        }
        int ok = mod_inverses(v, n, 1048576L * 3L, inv);
        unsigned long h = 0;
        for (int i = 0; i < n; i++) h = h * 1000003ul + (unsigned long)inv[i];
        printf("ok=%d hash=%lx\n", ok, h);
        free(v);
        free(inv);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
