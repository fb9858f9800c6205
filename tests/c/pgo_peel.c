/* Loops with small constant trip counts that -fprofile-use peels
   completely: a 3x3 neighbourhood with its centre skipped, an eight-step
   bit loop, an inlined callee whose constant argument bounds its loop, a
   loop that leaves early, a loop whose last values are used after it, a
   char counter that wraps on its way to its bound, and loops counting
   down by two. Each runs often enough to be hot in its own profile. */
#include <stdio.h>

static unsigned char grid[16][16];

static int neighbours(int y, int x)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (dy == 0 && dx == 0)
                continue;
            n += grid[(y + dy + 16) % 16][(x + dx + 16) % 16];
        }
    return n;
}

static unsigned crc8(unsigned crc, unsigned char byte)
{
    crc ^= byte;
    for (int k = 0; k < 8; k++)
        crc = crc & 1 ? (crc >> 1) ^ 0x8c : crc >> 1;
    return crc;
}

static double poly(const double *c, int degree, double x)
{
    double r = c[degree];
    for (int i = degree - 1; i >= 0; i--)
        r = r * x + c[i];
    return r;
}

static int first_set(unsigned v)
{
    int i;
    for (i = 0; i < 12; i++)
        if (v & (1u << i))
            break;
    return i;
}

static int wrap_count(void)
{
    int steps = 0;
    signed char c;
    for (c = 125; c != -126; c++)
        steps += c;
    return steps * 1000 + c;
}

static long down_by_two(long acc)
{
    for (int i = 10; i > 0; i -= 2)
        acc = acc * 3 + i;
    return acc;
}

int main(void)
{
    unsigned seed = 12345;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            seed = seed * 1103515245u + 12345u;
            grid[y][x] = (seed >> 16) & 1;
        }
    long live = 0;
    for (int round = 0; round < 20; round++)
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++)
                live += neighbours(y, x) * (round + 1);
    unsigned crc = 0;
    for (int i = 0; i < 3000; i++)
        crc = crc8(crc, (unsigned char)(i * 7));
    double c[6] = { 1, -2, 0.5, 3, -0.25, 0.125 };
    double sum = 0;
    for (int i = 0; i < 2000; i++)
        sum += poly(c, 5, i / 1000.0);
    long firsts = 0, waves = 0, downs = 0;
    for (unsigned v = 0; v < 4000; v++) {
        firsts += first_set(v);
        downs = down_by_two(downs) % 1000003;
    }
    for (int i = 0; i < 300; i++)
        waves += wrap_count();
    printf("live=%ld crc=%u sum=%.6f firsts=%ld waves=%ld downs=%ld\n", live, crc, sum, firsts, waves, downs);
    return 0;
}
