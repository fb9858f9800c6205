/*
 * The callee side of the complex ABI pair: functions that take and return
 * complex values, and structs holding them, by value. Each prints its
 * name and every argument it received and returns a value built from
 * them; the caller prints that value and ends the line.
 */
#include "complex_shapes.h"

double _Complex pass_dz(double _Complex z, int k)
{
    enter(__func__); show_dz(" ", z); show_int(" ", k);
    return z * k + 1.0i;
}

float _Complex pass_fz(float _Complex z, int k)
{
    enter(__func__); show_fz(" ", z); show_int(" ", k);
    return conjf(z) - k;
}

double _Complex mixed_args(int a, float _Complex f, double x, double _Complex d, int b)
{
    enter(__func__); show_int(" ", a); show_fz(" ", f); show_double(" ", x); show_dz(" ", d); show_int(" ", b);
    return d * f + x;
}

double _Complex many_dz(double _Complex a, double _Complex b, double _Complex c, double _Complex d, double _Complex e)
{
    enter(__func__); show_dz(" ", a); show_dz(" ", b); show_dz(" ", c); show_dz(" ", d); show_dz(" ", e);
    return a + b + c + d + e;
}

float _Complex many_fz(float _Complex a, float _Complex b, float _Complex c, float _Complex d, float _Complex e,
                       float _Complex f, float _Complex g, float _Complex h, float _Complex i, float _Complex j)
{
    enter(__func__); show_fz(" ", a); show_fz(" ", b); show_fz(" ", c); show_fz(" ", d); show_fz(" ", e);
    show_fz(" ", f); show_fz(" ", g); show_fz(" ", h); show_fz(" ", i); show_fz(" ", j);
    return a - j;
}

DZ pass_DZ(DZ s)
{
    enter(__func__); show_dz(" ", s.z);
    s.z = -s.z;
    return s;
}

FZ pass_FZ(FZ s)
{
    enter(__func__); show_fz(" ", s.z);
    s.z *= 2;
    return s;
}

IFZ pass_IFZ(IFZ s)
{
    enter(__func__); show_int(" ", s.tag); show_fz(" ", s.z);
    s.tag++;
    s.z = ~s.z;
    return s;
}

DZD pass_DZD(DZD s)
{
    enter(__func__); show_dz(" ", s.a); show_double(" ", s.b);
    s.a /= s.b;
    s.b = creal(s.a);
    return s;
}

double _Complex sum_va(int n, ...)
{
    va_list ap;
    double _Complex sum = 0;
    enter(__func__); show_int(" ", n);
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        double _Complex z = va_arg(ap, double _Complex);
        show_dz(" ", z);
        sum += z;
    }
    va_end(ap);
    return sum;
}

_Complex int pass_ci(_Complex char c, _Complex short s, _Complex int i, _Complex long l, double _Complex d)
{
    enter(__func__); show_ci(" ", c); show_ci(" ", s); show_ci(" ", i); show_ci(" ", l); show_dz(" ", d);
    return c * s + i / 3 - l;
}

_Complex long pass_cl(_Complex long l, _Complex unsigned char u)
{
    enter(__func__); show_ci(" ", l); show_ci(" ", u);
    return l * u;
}

double _Complex call_back(double _Complex (*f)(double _Complex, float _Complex), double _Complex z)
{
    enter(__func__); show_dz(" ", z);
    return f(z, 0.5f - 0.25fi) * 2.0;
}
