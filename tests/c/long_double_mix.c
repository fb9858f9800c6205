/* long double arithmetic, struct members, varargs, qsort, conversions to and from 64-bit integers and the long double math functions. */
#include <stdio.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

struct S { char c; long double x; short s; };
static long double poly(long double x) { return ((3.0L * x - 2.0L) * x + 1.5L) * x - 0.25L; }
static long double sum(int n, ...) ;
#include <stdarg.h>
static long double sum(int n, ...) { va_list ap; va_start(ap, n); long double t = 0; for (int i = 0; i < n; i++) t += va_arg(ap, long double); va_end(ap); return t; }
static int cmp(const void *a, const void *b) { long double x = *(const long double *)a, y = *(const long double *)b; return (x > y) - (x < y); }
int main(void) {
    long double a = 1.0L / 7, b = LDBL_MIN, c = -LDBL_MAX;
    printf("%.21Lg %Lg %Lg\n", a, b, c);
    printf("%.10Lf\n", poly(1.25L));
    struct S s = { 'x', 2.5L, 7 }; struct S t = s; t.x *= t.s; printf("%zu %zu %Lg %Lg\n", sizeof s, _Alignof(struct S), s.x, t.x);
    printf("%Lg\n", sum(4, 1.0L, 2.5L, (long double)3, -0.5L));
    long double arr[] = { 3, -1, 2.5L, 1e100L, -1e-100L }; qsort(arr, 5, sizeof *arr, cmp);
    for (int i = 0; i < 5; i++) printf("%Lg ", arr[i]); printf("\n");
    long double x = 0.1L; int n = 0; while (x < 100) { x *= 3; n++; } printf("%d %.15Lg\n", n, x);
    printf("%d %d %d\n", a > 0.14L, a == (long double)(double)a, (double)a == 1.0 / 7);
    long long ll = (long long)(a * 1e18L); unsigned long long ull = (unsigned long long)1.8e19L; printf("%lld %llu\n", ll, ull);
    long double fromu = (long double)0xFFFFFFFFFFFFFFFFULL; printf("%.1Lf\n", fromu);
    printf("%Lg %Lg %Lg\n", fabsl(-2.0L), floorl(-2.5L), powl(2.0L, 70.0L));
    long double m = -0.0L; printf("%Lg %d\n", m, signbit(m) != 0);
    printf("%Le\n", 12345.6789L);
    int i = 7; long double mix = i / 2 + i / 2.0L + 'a'; printf("%Lg\n", mix);
    long double *p = &arr[2]; p[-1] += 1; printf("%Lg\n", arr[1]);
    return 0;
}
