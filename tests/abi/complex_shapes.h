/*
 * Shapes with complex members or arguments for the complex ABI pair
 * (complex_caller.c, complex_callee.c), and the printing helpers both
 * sides share. Complex values are printed with %a, so a misplaced half
 * of a register shows.
 */
#include <complex.h>
#include <stdarg.h>
#include <stdio.h>

/* Two SSE eightbytes, like two doubles. */
typedef struct { double _Complex z; } DZ;
/* One SSE eightbyte: two floats packed. */
typedef struct { float _Complex z; } FZ;
/* INTEGER then SSE. */
typedef struct { int tag; float _Complex z; } IFZ;
/* Larger than two eightbytes: MEMORY. */
typedef struct { double _Complex a; double b; } DZD;

static inline void enter(const char *name) { printf("%s:", name); }
static inline void endl(void) { putchar('\n'); }
static inline void show_dz(const char *sep, double _Complex z) { printf("%s(%a,%a)", sep, creal(z), cimag(z)); }
static inline void show_fz(const char *sep, float _Complex z) { printf("%s(%a,%a)", sep, (double)crealf(z), (double)cimagf(z)); }
static inline void show_double(const char *sep, double x) { printf("%s%a", sep, x); }
static inline void show_ci(const char *sep, _Complex long long z) { printf("%s(%lld,%lld)", sep, __real__ z, __imag__ z); }
static inline void show_int(const char *sep, int x) { printf("%s%d", sep, x); }

double _Complex pass_dz(double _Complex z, int k);
float _Complex pass_fz(float _Complex z, int k);
double _Complex mixed_args(int a, float _Complex f, double x, double _Complex d, int b);
double _Complex many_dz(double _Complex a, double _Complex b, double _Complex c, double _Complex d, double _Complex e);
float _Complex many_fz(float _Complex a, float _Complex b, float _Complex c, float _Complex d, float _Complex e,
                       float _Complex f, float _Complex g, float _Complex h, float _Complex i, float _Complex j);
DZ pass_DZ(DZ s);
FZ pass_FZ(FZ s);
IFZ pass_IFZ(IFZ s);
DZD pass_DZD(DZD s);
double _Complex sum_va(int n, ...);
_Complex int pass_ci(_Complex char c, _Complex short s, _Complex int i, _Complex long l, double _Complex d);
_Complex long pass_cl(_Complex long l, _Complex unsigned char u);
double _Complex call_back(double _Complex (*f)(double _Complex, float _Complex), double _Complex z);
