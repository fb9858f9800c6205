/* Rotated reduction loops whose loads x86 reads inside the arithmetic
   (tests/object_code.rs): each loop is gcc's, with no move or jump on its
   back edge. */
float dot_product(const float *x, const float *y, int n)
{
    float acc = 0.0f;
    int i;
    for (i = 0; i < n; i++)
        acc += x[i] * y[i];
    return acc;
}

double horner(const double *c, int deg, double x)
{
    double r;
    int i;
    if (deg < 0)
        return 0.0;
    r = c[deg];
    for (i = deg - 1; i >= 0; i--)
        r = r * x + c[i];
    return r;
}

long sum(const long *a, long n)
{
    long s = 0;
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}
