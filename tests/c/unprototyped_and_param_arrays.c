/* Calls through unprototyped declarations (`int f();`) made before the
   definition, and parameters declared as arrays whose size names an
   earlier parameter (they are pointers, not variable-length arrays). */
#include <stdio.h>

int twice();
double half();

static int sum(int n, const int a[n]) {
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

static int trace(int rows, int cols, int m[][4]) {
    int t = 0;
    for (int i = 0; i < rows && i < cols; i++) t += m[i][i];
    return t;
}

int main(void) {
    int v[5] = {1, 2, 3, 4, 5};
    int m[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    printf("%d %g %d %d\n", twice(21), half(5.0), sum(5, v), trace(3, 4, m));
    return twice(3);
}

int twice(int x) { return x * 2; }
double half(double x) { return x / 2; }
