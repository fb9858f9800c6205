/* A radix-2 FFT and a Mandelbrot escape-time count written with
   <complex.h>, the way numerical C uses complex numbers: arrays of
   double complex, cexp, cabs, products in loops, and the inverse
   transform checked against the input. */
#include <complex.h>
#include <math.h>
#include <stdio.h>

#define N 16

static void fft(double complex *buf, double complex *out, int n, int step, int inverse)
{
    if (step >= n)
        return;
    fft(out, buf, n, step * 2, inverse);
    fft(out + step, buf + step, n, step * 2, inverse);
    double sign = inverse ? 1.0 : -1.0;
    for (int i = 0; i < n; i += 2 * step) {
        double complex t = cexp(sign * I * M_PI * i / n) * out[i + step];
        buf[i / 2] = out[i] + t;
        buf[(i + n) / 2] = out[i] - t;
    }
}

static void transform(double complex *buf, int n, int inverse)
{
    double complex out[N];
    for (int i = 0; i < n; i++)
        out[i] = buf[i];
    fft(buf, out, n, 1, inverse);
    if (inverse)
        for (int i = 0; i < n; i++)
            buf[i] /= n;
}

static int escape_time(double complex c, int limit)
{
    double complex z = 0;
    for (int k = 0; k < limit; k++) {
        z = z * z + c;
        if (cabs(z) > 2)
            return k;
    }
    return limit;
}

int main(void)
{
    double complex signal[N];
    for (int i = 0; i < N; i++)
        signal[i] = sin(2 * M_PI * 3 * i / N) + 0.5 * cos(2 * M_PI * 5 * i / N) + (i % 4) * I / 8;
    double complex spectrum[N];
    for (int i = 0; i < N; i++)
        spectrum[i] = signal[i];
    transform(spectrum, N, 0);
    for (int i = 0; i < N; i++)
        printf("bin %2d: %+.6f %+.6fi |%.6f|\n", i, creal(spectrum[i]), cimag(spectrum[i]), cabs(spectrum[i]));
    transform(spectrum, N, 1);
    double error = 0;
    for (int i = 0; i < N; i++)
        error = fmax(error, cabs(spectrum[i] - signal[i]));
    printf("round trip error below 1e-12: %d\n", error < 1e-12);

    for (double y = 1.2; y >= -1.2; y -= 0.3) {
        for (double x = -2.1; x <= 0.6; x += 0.09)
            putchar(" .:-=+*#%@"[escape_time(x + y * I, 9)]);
        putchar('\n');
    }
    return 0;
}
