/* A parameter of a qualified array typedef adjusts to a pointer to the
 * qualified element type, named or not (C11 6.7.6.3p7), so the prototype
 * without names and the definition agree (nettle's mini-gmp: `void
 * mpz_set (mpz_t, const mpz_t);`, `mpz_t` an array of one struct). */
#include <stdio.h>

typedef struct {
    int size;
    int d[4];
} number;
typedef number number_t[1];

int total(const number_t);
void copy(number_t, const number_t);
int weighted(volatile const number_t, const int[2]);

int total(const number_t x)
{
    return x->size + x->d[0];
}

void copy(number_t to, const number_t from)
{
    *to = *from;
}

int weighted(volatile const number_t x, const int w[2])
{
    return x->size * w[0] + x->d[1] * w[1];
}

int main()
{
    number_t a, b;
    a->size = 3;
    a->d[0] = 4;
    a->d[1] = 5;
    copy(b, a);
    int w[2] = {10, 100};
    printf("%d %d %d\n", total(a), total(b), weighted(b, w));
    return 0;
}
