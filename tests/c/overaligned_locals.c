/* Automatic objects aligned beyond the 16 bytes of Cranelift's frames
 * (libsodium's AEGIS code declares `CRYPTO_ALIGN(32) uint8_t dst[32]`):
 * the backend gives such a slot room and rounds its address up. They
 * were rejected as unsupported. Recursion puts the frames at different
 * addresses; a struct aligned to 64 is returned by value (passing one
 * by value is unsupported: see errors/overaligned_argument.c). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct __attribute__((aligned(64))) line {
    int v[4];
};

static int aligned_to(const void *p, uintptr_t a) { return ((uintptr_t)p & (a - 1)) == 0; }

static int frames(int n) {
    _Alignas(32) unsigned char buf[40];
    __attribute__((aligned(128))) int x = n;
    struct line l = { { n, n + 1, n + 2, n + 3 } };
    char odd = (char)n;
    memset(buf, n, sizeof buf);
    int ok = aligned_to(buf, 32) && aligned_to(&x, 128) && aligned_to(&l, 64);
    if (n > 0)
        ok &= frames(n - 1);
    return ok && buf[39] == (unsigned char)n && x == n && l.v[3] == n + 3 && odd == (char)n;
}

static struct line multiply(const struct line *a, const struct line *b) {
    struct line r;
    if (!aligned_to(a, 64) || !aligned_to(b, 64) || !aligned_to(&r, 64))
        printf("misaligned\n");
    for (int i = 0; i < 4; i++)
        r.v[i] = a->v[i] * b->v[i];
    return r;
}

int main(void) {
    _Alignas(64) char c = 'x';
    struct line a = { { 1, 2, 3, 4 } }, b = { { 5, 6, 7, 8 } };
    struct line r = multiply(&a, &b);
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum += r.v[i];
    printf("%d %d %c %d\n", frames(6), sum, c, aligned_to(&c, 64) && aligned_to(&r, 64));
    printf("%zu %zu\n", sizeof(struct line), _Alignof(struct line));
    return 0;
}
