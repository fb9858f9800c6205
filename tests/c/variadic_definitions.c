/* Variadic definitions: va_start, va_arg of int, long long, double and
 * pointers past the registers into the overflow area, va_copy, passing
 * a va_list to vsnprintf and vprintf, named parameters on the stack, and
 * a call through a pointer to a variadic function. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static int sum(int n, ...) {
    va_list ap; int s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}
static double fsum(const char *kinds, ...) {
    va_list ap; double s = 0;
    va_start(ap, kinds);
    for (; *kinds; kinds++) {
        if (*kinds == 'd') s += va_arg(ap, double);
        else if (*kinds == 'i') s += va_arg(ap, int);
        else if (*kinds == 'l') s += (double)va_arg(ap, long long);
        else if (*kinds == 's') s += strlen(va_arg(ap, char *));
    }
    va_end(ap);
    return s;
}
static void logf_(char *buf, size_t n, const char *fmt, ...) {
    va_list ap, aq;
    va_start(ap, fmt);
    va_copy(aq, ap);
    vsnprintf(buf, n, fmt, ap);
    int len = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    va_end(ap);
    printf("[%d] %s\n", len, buf);
}
static int many(int a, int b, int c, int d, int e, int f, int g, double x, ...) {
    va_list ap; va_start(ap, x);
    int r = a + b + c + d + e + f + g + (int)x;
    r += va_arg(ap, int) * 1000;
    r += (int)(va_arg(ap, double) * 100000);
    va_end(ap);
    return r;
}
static void vforward(const char *fmt, va_list ap) { vprintf(fmt, ap); }
static void forward(const char *fmt, ...) { va_list ap; va_start(ap, fmt); vforward(fmt, ap); va_end(ap); }
int main() {
    char buf[100];
    printf("%d %d\n", sum(3, 1, 2, 3), sum(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    printf("%g\n", fsum("didlsdddddddddd", 1.5, 2, 2.25, 1LL << 40, "hello", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0));
    logf_(buf, sizeof buf, "%s=%d %.3f %c %ld", "x", 42, 3.14159, 'z', 1L << 50);
    printf("%d\n", many(1, 2, 3, 4, 5, 6, 7, 8.5, 9, 0.125));
    forward("%d %s %g\n", 7, "fwd", 2.5);
    int (*fp)(int, ...) = sum;
    printf("%d\n", fp(4, 10, 20, 30, 40));
    return 0;
}
