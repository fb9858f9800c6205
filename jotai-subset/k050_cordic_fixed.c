// inputs: 0 1 2 3  tags: fixed-point, bits, int32, counted-loop, numeric
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define CORDIC_ITERS 24
/* atan(2^-i) in Q16.16 fixed point */
static const int32_t cordic_atan[CORDIC_ITERS] = {
    51472, 30386, 16055, 8150, 4091, 2047, 1024, 512, 256, 128, 64, 32,
    16, 8, 4, 2, 1, 1, 0, 0, 0, 0, 0, 0
};

/* CORDIC rotation mode: angle in Q16.16 radians within [-pi/2, pi/2].
 * Outputs cos and sin in Q16.16. Returns -1 if the angle is out of range. */
int cordic_sincos(int32_t angle, int32_t *c, int32_t *s)
{
    int32_t x = 39797; /* 1/K in Q16.16 */
    int32_t y = 0, z = angle;
    int i;
    if (angle > 102944 || angle < -102944) {
        *c = *s = 0;
        return -1;
    }
    for (i = 0; i < CORDIC_ITERS; i++) {
        int32_t dx = y / (1 << i);
        int32_t dy = x / (1 << i);
        if (z >= 0) {
            x -= dx;
            y += dy;
            z -= cordic_atan[i];
        } else {
            x += dx;
            y -= dy;
            z += cordic_atan[i];
        }
    }
    *c = x;
    *s = y;
    return 0;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int32_t c = 0, s = 0;
    int r;
    switch (opt) {
    case 0:
        r = cordic_sincos(300000, &c, &s);
        printf("r=%d c=%d s=%d\n", r, (int)c, (int)s);
        break;
    case 1:
        r = cordic_sincos(0, &c, &s);
        printf("r=%d c=%d s=%d\n", r, (int)c, (int)s);
        break;
    case 2: {
        int32_t angles[5] = { 34315, -34315, 51472, 102944, -68629 };
        int i;
        for (i = 0; i < 5; i++) {
            r = cordic_sincos(angles[i], &c, &s);
            printf("a=%d r=%d c=%d s=%d\n", (int)angles[i], r, (int)c, (int)s);
        }
        break;
    }
    case 3: {
        long sc = 0, ss = 0;
        int32_t a;
        for (a = -102900; a <= 102900; a += 12) {
            cordic_sincos(a, &c, &s);
            sc += c;
            ss += s;
        }
        printf("sum cos=%ld sum sin=%ld\n", sc, ss);
        break;
    }
    }
    return 0;
}
