/* Small ifs that assign a value become selects; ifs guarding a division or
   a dereference must not run their arm unconditionally. Output is compared
   with gcc's. */
#include <stdio.h>

static int calls;

static int side(int x)
{
    calls++;
    return x * 2;
}

static int guarded_division(int n, int d)
{
    int q = -1;
    if (d != 0)
        q = n / d;
    return q;
}

static int guarded_load(const int *p)
{
    int v = 7;
    if (p)
        v = *p;
    return v;
}

static double float_choice(double a, double b)
{
    double m = a;
    if (b > a)
        m = b;
    return m;
}

static int with_call(int c, int x)
{
    int v = 0;
    if (c)
        v = side(x);
    return v;
}

static long mixed(const int *a, int n)
{
    long s = 0;
    unsigned u = 0;
    for (int i = 0; i < n; i++) {
        int cost = a[i] % 3 == 0 ? 0 : 1;
        int v = a[i] + cost;
        if (v - 1 < a[(i + 1) % n])
            v = v - 1;
        if ((unsigned)a[i] > u)
            u = (unsigned)a[i];
        s = s * 3 + v + (cost ? 5 : -5);
    }
    return s + u;
}

int main(void)
{
    int a[] = {4, -9, 12, 0, 7, -3, 3, 100, -100, 5};
    int x = 42;
    printf("div %d %d %d\n", guarded_division(17, 5), guarded_division(17, 0), guarded_division(-2147483647 - 1, 1));
    printf("load %d %d\n", guarded_load(&x), guarded_load(0));
    double nan = 0.0 / 0.0;
    printf("float %.1f %.1f %d %d\n", float_choice(1.5, 2.5), float_choice(2.5, 1.5), float_choice(nan, 1.0) != float_choice(nan, 1.0),
           float_choice(1.0, nan) == 1.0);
    printf("call %d %d calls=%d\n", with_call(0, 5), with_call(1, 5), calls);
    printf("mixed %ld %ld\n", mixed(a, 10), mixed(a + 3, 4));
    return 0;
}
