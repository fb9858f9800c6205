/* Loops that only copy array elements, which -O2 turns into memmove
   calls under a run-time test that the arrays are apart
   (midend/src/transform/copy_loops.rs), and loops of the same shape that
   must stay loops. Each runs on overlapping and separate regions of one
   buffer, in both directions and with trip counts from 0 up, so that both
   the memmove path and the loop path of the guard run; a checksum of the
   buffer after every call is printed. */
#include <stdio.h>

struct two {
    int a[20];
    int b[20];
};

/* Shifts right by one, counting down: a memmove without a test. */
void shift_right(int *a, int i)
{
    for (int j = i; j > 0; j--)
        a[j] = a[j - 1];
}

/* Shifts left by one; the bound n - 1 is computed in the loop. */
void shift_left(char *a, int n)
{
    for (int j = 0; j < n - 1; j++)
        a[j] = a[j + 1];
}

/* Unsigned counter, two arrays that may overlap either way. */
void copy_up(double *d, const double *s, unsigned n)
{
    for (unsigned j = 0; j < n; j++)
        d[j] = s[j];
}

/* Two copies in one loop, 80 bytes apart in one struct. */
void lru_shift(struct two *c, int i)
{
    for (int j = i; j > 0; j--) {
        c->a[j] = c->a[j - 1];
        c->b[j] = c->b[j - 1];
    }
}

/* Counting up with the destination above the source: each element
   copies the one just written, which no memmove does. */
void smear(int *a, int n)
{
    for (int j = 1; j < n; j++)
        a[j] = a[j - 1];
}

/* The second copy reads what the first writes. */
void chained(long *a, long *b, int n)
{
    for (int j = 0; j < n; j++) {
        a[j] = b[j];
        b[j] = a[j + 1];
    }
}

/* Counting down to zero inclusive (`j >= 0`). */
void copy_down(short *d, short *s, int n)
{
    for (int j = n - 1; j >= 0; j--)
        d[j] = s[j];
}

/* `!=` as the loop test, over a 64-bit counter. */
void copy_until(unsigned char *d, const unsigned char *s, long from, long to)
{
    for (long j = from; j != to; j++)
        d[j] = s[j];
}

/* `<=` with an unsigned bound, floats. */
void copy_through(float *d, const float *s, unsigned lo, unsigned hi)
{
    for (unsigned j = lo; j <= hi; j++)
        d[j] = s[j];
}

/* Indexes that run backwards through both arrays. */
void copy_reversed_index(int *d, const int *s, int n)
{
    for (int j = 0; j < n; j++)
        d[n - 1 - j] = s[n - 1 - j];
}

/* The counter's final value is used after the loop. */
int copy_count(int *d, const int *s, int n)
{
    int j;
    for (j = 0; j < n; j++)
        d[j] = s[j];
    return j;
}

static unsigned checksum(const void *p, unsigned bytes)
{
    const unsigned char *b = p;
    unsigned h = 2166136261u;
    for (unsigned k = 0; k < bytes; k++)
        h = (h ^ b[k]) * 16777619u;
    return h;
}

static union {
    int i[64];
    char c[256];
    double d[32];
    long l[32];
    short s[128];
    float f[64];
    unsigned char u[256];
} buf;

static void reset(void)
{
    for (int k = 0; k < 256; k++)
        buf.c[k] = (char)(k * 7 + 3);
}

int main()
{
    unsigned total = 0, lines = 0;
    struct two c;
    for (int n = 0; n < 12; n++) {
        for (int off = 0; off < 6; off++) {
            reset();
            shift_right(buf.i + off, n);
            total += checksum(&buf, sizeof buf);
            reset();
            shift_left(buf.c + off, n);
            total += checksum(&buf, sizeof buf);
            for (int other = 0; other < 6; other++) {
                reset();
                copy_up(buf.d + off, buf.d + other, (unsigned)n);
                total += checksum(&buf, sizeof buf);
                reset();
                copy_down(buf.s + off, buf.s + other, n);
                total += checksum(&buf, sizeof buf);
                reset();
                copy_until(buf.u + 8 + off, buf.u + 8 + other, off < n ? off - 3 : n - 3, n - 3);
                total += checksum(&buf, sizeof buf);
                reset();
                copy_through(buf.f + 8, buf.f + 8 + other - off, (unsigned)off, (unsigned)n);
                total += checksum(&buf, sizeof buf);
                reset();
                copy_reversed_index(buf.i + off, buf.i + other, n);
                total += checksum(&buf, sizeof buf);
                reset();
                chained(buf.l + off, buf.l + 12 + other, n);
                total += checksum(&buf, sizeof buf);
                reset();
                total += (unsigned)copy_count(buf.i + off, buf.i + other, n);
                total += checksum(&buf, sizeof buf);
            }
            reset();
            smear(buf.i + off, n);
            total += checksum(&buf, sizeof buf);
        }
        for (int k = 0; k < 20; k++) {
            c.a[k] = k;
            c.b[k] = 100 + k;
        }
        lru_shift(&c, n);
        lru_shift((struct two *)(c.a + n), 19 - n);
        total += checksum(&c, sizeof c);
        if (n % 4 == 3)
            printf("after %d: %u (%u)\n", n, total, ++lines);
    }
    reset();
    copy_until(buf.u, buf.u + 100, 5, 5);
    copy_through(buf.f, buf.f + 30, 7, 6);
    printf("%u %u\n", total, checksum(&buf, sizeof buf));
    return 0;
}
