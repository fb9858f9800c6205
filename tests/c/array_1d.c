#include <stdio.h>

static int max_of(const int a[], int n) {
    int m = a[0];
    for (int i = 1; i < n; i++) if (a[i] > m) m = a[i];
    return m;
}

static void reverse(int *a, int n) {
    for (int i = 0, j = n - 1; i < j; i++, j--) { int t = a[i]; a[i] = a[j]; a[j] = t; }
}

static void prefix_sums(long out[], const int in[], int n) {
    long s = 0;
    for (int i = 0; i < n; i++) { s += in[i]; out[i] = s; }
}

int main(void) {
    int a[10] = {4, 8, -2, 15, 16, 23, 42, 0, -7, 9};
    printf("%d\n", max_of(a, 10));
    reverse(a, 10);
    for (int i = 0; i < 10; i++) printf("%d ", a[i]);
    printf("\n");
    long ps[10];
    prefix_sums(ps, a, 10);
    for (int i = 0; i < 10; i++) printf("%ld ", ps[i]);
    printf("\n");
    int b[5] = {1, 2};
    for (int i = 0; i < 5; i++) printf("%d ", b[i]);
    printf("\n");
    int c[] = {10, 20, 30};
    printf("%zu\n", sizeof(c) / sizeof(c[0]));
    double d[4] = {0.5, 1.5};
    printf("%g %g %g %g\n", d[0], d[1], d[2], d[3]);
    char e[6] = {'a', 'b', 'c'};
    printf("%s %d\n", e, e[5]);
    unsigned char u[300];
    for (int i = 0; i < 300; i++) u[i] = (unsigned char)i;
    int s = 0;
    for (int i = 0; i < 300; i++) s += u[i];
    printf("%d\n", s);
    int z[100] = {0};
    z[99] = 1;
    z[50] += 5;
    z[50] *= 3;
    int nz = 0;
    for (int i = 0; i < 100; i++) if (z[i]) nz++;
    printf("%d %d\n", nz, z[50]);
    int idx[3] = {2, 0, 1};
    int vals[3] = {100, 200, 300};
    printf("%d %d %d\n", vals[idx[0]], vals[idx[1]], vals[idx[idx[0]]]);
    long big[3] = {1L << 40, -(1L << 35), 7};
    printf("%ld\n", big[0] + big[1] + big[2]);
    short sh[4] = {-1, -2, -3, -4};
    printf("%d\n", sh[0] * sh[1] * sh[2] * sh[3]);
    int i = 0;
    int arr2[5];
    while (i < 5) { arr2[i] = i * i * i; i++; }
    printf("%d %d\n", arr2[4], arr2[i - 2]);
    return 0;
}
