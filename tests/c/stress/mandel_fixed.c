/* Mandelbrot ASCII render in floating point and 16.16 fixed point, with histogram. */
#include <stdio.h>
#include <stdint.h>

typedef int32_t fix;
#define FBITS 16
#define FONE (1 << FBITS)
#define TOFIX(d) ((fix)((d) * FONE))
#define FMUL(a, b) ((fix)(((int64_t)(a) * (b)) >> FBITS))

static int iter_double(double cr, double ci, int maxit) {
    double zr = 0, zi = 0;
    int i;
    for (i = 0; i < maxit; i++) {
        double zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0) break;
        zi = 2 * zr * zi + ci;
        zr = zr2 - zi2 + cr;
    }
    return i;
}

static int iter_fixed(fix cr, fix ci, int maxit) {
    fix zr = 0, zi = 0;
    int i;
    for (i = 0; i < maxit; i++) {
        fix zr2 = FMUL(zr, zr), zi2 = FMUL(zi, zi);
        if (zr2 + zi2 > 4 * FONE) break;
        zi = 2 * FMUL(zr, zi) + ci;
        zr = zr2 - zi2 + cr;
    }
    return i;
}

int main(void) {
    const char *shades = " .:-=+*#%@";
    const int W = 64, H = 24, MAXIT = 200;
    int hist[11] = { 0 };
    long total_d = 0, total_f = 0;
    int diff = 0;
    for (int y = 0; y < H; y++) {
        char line[80];
        for (int x = 0; x < W; x++) {
            double cr = -2.2 + 3.0 * x / W, ci = -1.2 + 2.4 * y / H;
            int n = iter_double(cr, ci, MAXIT);
            int m = iter_fixed(TOFIX(cr), TOFIX(ci), MAXIT);
            total_d += n;
            total_f += m;
            if (n != m) diff++;
            int shade = n >= MAXIT ? 9 : n % 9;
            hist[shade]++;
            line[x] = shades[shade];
        }
        line[W] = 0;
        printf("%s|\n", line);
    }
    printf("total iterations double=%ld fixed=%ld differing pixels=%d\n", total_d, total_f, diff);
    for (int i = 0; i < 10; i++) printf("'%c': %d\n", shades[i], hist[i]);
    fix a = TOFIX(3.25), b = TOFIX(-1.5);
    printf("fixed: a=%d b=%d a*b=%d (%.5f) a/b=%.5f\n", a, b, FMUL(a, b), FMUL(a, b) / (double)FONE,
           (double)(((int64_t)a << FBITS) / b) / FONE);
    return 0;
}
