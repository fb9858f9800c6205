// inputs: 0 1 2 3  tags: double, nested-loop, multi-exit, counted-loop
#include <stdio.h>
#include <stdlib.h>

/* Escape-time Mandelbrot over a w x h window [x0,x1]x[y0,y1].  iters[] receives the
   escape iteration per pixel (max_iter if it never escapes).  Includes the cardioid /
   period-2 bulb early-out.  Returns the number of pixels inside the set. */
int mandelbrot(double x0, double y0, double x1, double y1, int w, int h, int max_iter, int *iters)
{
    int inside = 0;
    for (int py = 0; py < h; py++) {
        double ci = h > 1 ? y0 + (y1 - y0) * py / (h - 1) : y0;
        for (int px = 0; px < w; px++) {
            double cr = w > 1 ? x0 + (x1 - x0) * px / (w - 1) : x0;
            double q = (cr - 0.25) * (cr - 0.25) + ci * ci;
            if (q * (q + (cr - 0.25)) <= 0.25 * ci * ci ||
                (cr + 1.0) * (cr + 1.0) + ci * ci <= 0.0625) {
                iters[py * w + px] = max_iter;
                inside++;
                continue;
            }
            double zr = 0.0, zi = 0.0;
            int k;
            for (k = 0; k < max_iter; k++) {
                double zr2 = zr * zr, zi2 = zi * zi;
                if (zr2 + zi2 > 4.0)
                    break;
                zi = 2.0 * zr * zi + ci;
                zr = zr2 - zi2 + cr;
            }
            iters[py * w + px] = k;
            if (k == max_iter) inside++;
        }
    }
    return inside;
}

static void ascii(const int *it, int w, int h, int max_iter)
{
    const char *shade = " .:-=+*#%@";
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int k = it[y * w + x];
            putchar(k == max_iter ? '@' : shade[(k * 9) / max_iter]);
        }
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int it[1];
        int n = mandelbrot(0, 0, 1, 1, 0, 0, 50, it);
        printf("empty inside=%d\n", n);
        n = mandelbrot(0.0, 0.0, 0.0, 0.0, 1, 1, 50, it);
        printf("origin inside=%d iters=%d\n", n, it[0]);
        break;
    }
    case 1: {
        int it[60 * 24];
        int n = mandelbrot(-2.2, -1.2, 0.8, 1.2, 60, 24, 40, it);
        printf("inside=%d\n", n);
        ascii(it, 60, 24, 40);
        break;
    }
    case 2: {
        int it[16];
        int n = mandelbrot(2.0, 2.0, 3.0, 3.0, 4, 4, 100, it);
        printf("far away inside=%d:", n);
        for (int i = 0; i < 16; i++) printf(" %d", it[i]);
        printf("\n");
        break;
    }
    case 3: {
        int w = 160, h = 120, mi = 300;
        int *it = malloc((size_t)w * h * sizeof *it);
        int n = mandelbrot(-0.80, 0.05, -0.70, 0.15, w, h, mi, it);
        long sum = 0;
        for (int i = 0; i < w * h; i++) sum += it[i];
        printf("inside=%d itersum=%ld\n", n, sum);
        free(it);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
