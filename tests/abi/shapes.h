/*
 * Struct and union shapes for the System V x86-64 calling convention,
 * one type per classification case, with the functions of callee.c and
 * va_callee.c that take and return them by value.
 *
 * The comment on each type gives its size and the class of each
 * eightbyte (INT = INTEGER, SSE, MEM = passed and returned in memory).
 *
 * The show_* helpers print a value through a pointer, so that printing
 * does not itself depend on passing structs by value.
 */
#ifndef ABI_SHAPES_H
#define ABI_SHAPES_H

#include <stdio.h>

/* ---- one INTEGER eightbyte ---- */
typedef struct { char a; } C1;                    /* 1: INT */
typedef struct { short a; } S1;                   /* 2: INT */
typedef struct { int a; } I1;                     /* 4: INT */
typedef struct { char a[3]; } C3;                 /* 3: INT */
typedef struct { char a[5]; } C5;                 /* 5: INT */
typedef struct { char a[7]; } C7;                 /* 7: INT */
typedef struct { int a, b; } I2;                  /* 8: INT */
typedef struct { long a; } L1;                    /* 8: INT */
typedef struct { void *p; } P1;                   /* 8: INT */
typedef struct { float f; int i; } FI;            /* 8: INT (float and int share it) */

/* ---- two INTEGER eightbytes ---- */
typedef struct { long a, b; } L2;                 /* 16: INT INT */
typedef struct { int a, b, c; } I3;               /* 12: INT INT */
typedef struct { char a[13]; } C13;               /* 13: INT INT */
typedef struct { short a[7]; } H7;                /* 14: INT INT */

/* ---- SSE only ---- */
typedef struct { float a; } F1;                   /* 4: SSE */
typedef struct { float a, b; } F2;                /* 8: SSE */
typedef struct { float a, b, c; } F3;             /* 12: SSE SSE(4 bytes) */
typedef struct { double a; } D1;                  /* 8: SSE */
typedef struct { double a, b; } D2;               /* 16: SSE SSE */
typedef struct { float f[2]; double d; } FAD;     /* 16: SSE SSE */

/* ---- one INTEGER and one SSE eightbyte ---- */
typedef struct { double d; int i; } DI;           /* 16: SSE INT */
typedef struct { int i; double d; } ID;           /* 16: INT SSE */
typedef struct { long l; double d; } LD;          /* 16: INT SSE */
typedef struct { double d; long l; } DL;          /* 16: SSE INT */
typedef struct { float a, b; int c, d; } FFII;    /* 16: SSE INT */
typedef struct { char c; double d; } CD;          /* 16: INT SSE */
struct pairf { float a, b; };
typedef struct { struct pairf p; long q; } NEST;  /* 16: SSE INT */

/* ---- bit-fields and unions ---- */
typedef struct {
    unsigned a : 3, b : 13, c : 20;
    int d;
} BF;                                             /* 12: INT INT */
typedef union { int i; float f; } UIF;            /* 4: INT */
typedef union { double d; long l; } UDL;          /* 8: INT */
typedef union { float f[2]; int i; } UFI;         /* 8: INT */
typedef union { float f[2]; double d; } UFD;      /* 8: SSE */

/* ---- MEMORY ---- */
typedef struct { char a[17]; } C17;               /* 17 */
typedef struct { long a, b, c; } L3;              /* 24 */
typedef struct { double a[3]; } D3;               /* 24 */
typedef struct { int a[5]; } I5;                  /* 20 */
typedef struct { double a, b, c, d; } D4;         /* 32 */
typedef struct {
    short h;
    char c, tag;
    int v[24];
} BIG;                                            /* 100 */
struct pk { char c; int i; } __attribute__((packed));
typedef struct pk PK;                             /* 5, misaligned int: MEM */

/* ---- over-aligned ---- */
typedef struct { long a, b; } __attribute__((aligned(16))) A16;    /* 16: INT INT, 16-aligned on the stack */
typedef struct { long a, b, c; } __attribute__((aligned(16))) A32; /* 32: MEM, 16-aligned on the stack */

/* ---- printing ---- */

/* Starts the line of a call in the callee. */
static inline void enter(const char *name) { printf("%s:", name); }
/* Ends the line of a call in the caller. */
static inline void endl(void) { putchar('\n'); }

static inline void show_int(const char *pre, long v) { printf("%s%ld", pre, v); }
static inline void show_dbl(const char *pre, double v) { printf("%s%.17g", pre, v); }

static inline void show_bytes(const char *pre, const char *a, int n)
{
    printf("%s{", pre);
    for (int i = 0; i < n; i++)
        printf(i ? ",%d" : "%d", a[i]);
    putchar('}');
}

static inline void show_C1(const char *pre, const C1 *p) { printf("%s{%d}", pre, p->a); }
static inline void show_S1(const char *pre, const S1 *p) { printf("%s{%d}", pre, p->a); }
static inline void show_I1(const char *pre, const I1 *p) { printf("%s{%d}", pre, p->a); }
static inline void show_C3(const char *pre, const C3 *p) { show_bytes(pre, p->a, 3); }
static inline void show_C5(const char *pre, const C5 *p) { show_bytes(pre, p->a, 5); }
static inline void show_C7(const char *pre, const C7 *p) { show_bytes(pre, p->a, 7); }
static inline void show_I2(const char *pre, const I2 *p) { printf("%s{%d,%d}", pre, p->a, p->b); }
static inline void show_L1(const char *pre, const L1 *p) { printf("%s{%ld}", pre, p->a); }
static inline void show_P1(const char *pre, const P1 *p) { printf("%s{\"%s\"}", pre, (const char *)p->p); }
static inline void show_FI(const char *pre, const FI *p) { printf("%s{%.9g,%d}", pre, p->f, p->i); }
static inline void show_L2(const char *pre, const L2 *p) { printf("%s{%ld,%ld}", pre, p->a, p->b); }
static inline void show_I3(const char *pre, const I3 *p) { printf("%s{%d,%d,%d}", pre, p->a, p->b, p->c); }
static inline void show_C13(const char *pre, const C13 *p) { show_bytes(pre, p->a, 13); }

static inline void show_H7(const char *pre, const H7 *p)
{
    printf("%s{%d,%d,%d,%d,%d,%d,%d}", pre, p->a[0], p->a[1], p->a[2], p->a[3], p->a[4], p->a[5], p->a[6]);
}

static inline void show_F1(const char *pre, const F1 *p) { printf("%s{%.9g}", pre, p->a); }
static inline void show_F2(const char *pre, const F2 *p) { printf("%s{%.9g,%.9g}", pre, p->a, p->b); }
static inline void show_F3(const char *pre, const F3 *p) { printf("%s{%.9g,%.9g,%.9g}", pre, p->a, p->b, p->c); }
static inline void show_D1(const char *pre, const D1 *p) { printf("%s{%.17g}", pre, p->a); }
static inline void show_D2(const char *pre, const D2 *p) { printf("%s{%.17g,%.17g}", pre, p->a, p->b); }
static inline void show_FAD(const char *pre, const FAD *p) { printf("%s{%.9g,%.9g,%.17g}", pre, p->f[0], p->f[1], p->d); }
static inline void show_DI(const char *pre, const DI *p) { printf("%s{%.17g,%d}", pre, p->d, p->i); }
static inline void show_ID(const char *pre, const ID *p) { printf("%s{%d,%.17g}", pre, p->i, p->d); }
static inline void show_LD(const char *pre, const LD *p) { printf("%s{%ld,%.17g}", pre, p->l, p->d); }
static inline void show_DL(const char *pre, const DL *p) { printf("%s{%.17g,%ld}", pre, p->d, p->l); }
static inline void show_FFII(const char *pre, const FFII *p) { printf("%s{%.9g,%.9g,%d,%d}", pre, p->a, p->b, p->c, p->d); }
static inline void show_CD(const char *pre, const CD *p) { printf("%s{%d,%.17g}", pre, p->c, p->d); }
static inline void show_NEST(const char *pre, const NEST *p) { printf("%s{{%.9g,%.9g},%ld}", pre, p->p.a, p->p.b, p->q); }

static inline void show_BF(const char *pre, const BF *p)
{
    printf("%s{%u,%u,%u,%d}", pre, (unsigned)p->a, (unsigned)p->b, (unsigned)p->c, p->d);
}

static inline void show_UIF(const char *pre, const UIF *p) { printf("%s{%#x}", pre, (unsigned)p->i); }
static inline void show_UDL(const char *pre, const UDL *p) { printf("%s{%ld}", pre, p->l); }
static inline void show_UFI(const char *pre, const UFI *p) { printf("%s{%.9g,%.9g}", pre, p->f[0], p->f[1]); }
static inline void show_UFD(const char *pre, const UFD *p) { printf("%s{%.17g}", pre, p->d); }
static inline void show_C17(const char *pre, const C17 *p) { show_bytes(pre, p->a, 17); }
static inline void show_L3(const char *pre, const L3 *p) { printf("%s{%ld,%ld,%ld}", pre, p->a, p->b, p->c); }
static inline void show_D3(const char *pre, const D3 *p) { printf("%s{%.17g,%.17g,%.17g}", pre, p->a[0], p->a[1], p->a[2]); }

static inline void show_I5(const char *pre, const I5 *p)
{
    printf("%s{%d,%d,%d,%d,%d}", pre, p->a[0], p->a[1], p->a[2], p->a[3], p->a[4]);
}

static inline void show_D4(const char *pre, const D4 *p) { printf("%s{%.17g,%.17g,%.17g,%.17g}", pre, p->a, p->b, p->c, p->d); }

static inline void show_BIG(const char *pre, const BIG *p)
{
    printf("%s{%d,%d,%d,[", pre, p->h, p->c, p->tag);
    for (int i = 0; i < 24; i++)
        printf(i ? ",%d" : "%d", p->v[i]);
    printf("]}");
}

static inline void show_PK(const char *pre, const PK *p)
{
    int i = p->i; /* read the misaligned member once, by value */
    printf("%s{%d,%d}", pre, p->c, i);
}

static inline void show_A16(const char *pre, const A16 *p) { printf("%s{%ld,%ld}", pre, p->a, p->b); }
static inline void show_A32(const char *pre, const A32 *p) { printf("%s{%ld,%ld,%ld}", pre, p->a, p->b, p->c); }

/* ---- callee.c: one shape in, the same shape out ---- */
C1 pass_C1(C1 x, int k);
S1 pass_S1(S1 x, int k);
I1 pass_I1(I1 x, int k);
C3 pass_C3(C3 x, int k);
C5 pass_C5(C5 x, int k);
C7 pass_C7(C7 x, int k);
I2 pass_I2(I2 x, int k);
L1 pass_L1(L1 x, int k);
P1 pass_P1(P1 x, int k);
FI pass_FI(FI x, int k);
L2 pass_L2(L2 x, int k);
I3 pass_I3(I3 x, int k);
C13 pass_C13(C13 x, int k);
H7 pass_H7(H7 x, int k);
F1 pass_F1(F1 x, int k);
F2 pass_F2(F2 x, int k);
F3 pass_F3(F3 x, int k);
D1 pass_D1(D1 x, int k);
D2 pass_D2(D2 x, int k);
FAD pass_FAD(FAD x, int k);
DI pass_DI(DI x, int k);
ID pass_ID(ID x, int k);
LD pass_LD(LD x, int k);
DL pass_DL(DL x, int k);
FFII pass_FFII(FFII x, int k);
CD pass_CD(CD x, int k);
NEST pass_NEST(NEST x, int k);
BF pass_BF(BF x, int k);
UIF pass_UIF(UIF x, int k);
UDL pass_UDL(UDL x, int k);
UFI pass_UFI(UFI x, int k);
UFD pass_UFD(UFD x, int k);
C17 pass_C17(C17 x, int k);
L3 pass_L3(L3 x, int k);
D3 pass_D3(D3 x, int k);
I5 pass_I5(I5 x, int k);
D4 pass_D4(D4 x, int k);
BIG pass_BIG(BIG x, int k);
PK pass_PK(PK x, int k);
A16 pass_A16(A16 x, int k);
A32 pass_A32(A32 x, int k);

/* ---- callee.c: values built from scalars ---- */
C1 make_C1(int a);
S1 make_S1(int a);
C7 make_C7(int first);
I2 make_I2(int a, int b);
FI make_FI(float f, int i);
I3 make_I3(int a, int b, int c);
C13 make_C13(int first);
F1 make_F1(float a);
F2 make_F2(float a, float b);
F3 make_F3(float a, float b, float c);
D2 make_D2(double a, double b);
DI make_DI(double d, int i);
ID make_ID(int i, double d);
FFII make_FFII(int c, float a, int d, float b);
NEST make_NEST(long q, float a, float b);
BF make_BF(unsigned a, unsigned b, unsigned c, int d);
UFI make_UFI(float a, float b);
L3 make_L3(long a, long b, long c, long d, long e, long f);
D4 make_D4(double a, double b, double c, double d);
BIG make_BIG(short h, char c, char tag, int base);
PK make_PK(char c, int i);
A16 make_A16(long a, long b);
A32 make_A32(long a, long b, long c);

/* ---- callee.c: call shapes ---- */
L2 last_L2(int a, double b, long c, float d, L2 x);
DL last_DL(char a, short b, double c, DL x);
F3 last_F3(double a, float b, int c, F3 x);
L2 after5_L2(int a, int b, int c, int d, int e, L2 x, int f);
I3 after5_I3(long a, long b, long c, long d, long e, I3 x, long f);
C13 after5_C13(char a, char b, char c, char d, char e, C13 x, char f);
H7 after5_H7(short a, short b, short c, short d, short e, H7 x, short f);
BF after5_BF(int a, int b, int c, int d, int e, BF x, unsigned f);
DI after5_DI(int a, int b, int c, int d, int e, DI x, int f);
A16 after5_A16(int a, int b, int c, int d, int e, A16 x, int f);
D2 after6_L1(int a, int b, int c, int d, int e, int f, L1 x, D2 y, int g);
D2 after7d_D2(double a, double b, double c, double d, double e, double f, double g, D2 x, double h);
FFII after7d_FFII(double a, double b, double c, double d, double e, double f, double g, FFII x, float y);
DI after8d_DI(double a, double b, double c, double d, double e, double f, double g, double h, DI x, int i);
F2 after8d_F2(double a, double b, double c, double d, double e, double f, double g, double h, F2 x, I2 y, float z);
DL mix_regs(double a, I2 x, float b, DL y, int c, FI z, double d, ID w, char e);
LD mix_sse(FAD a, long b, NEST c, F1 d, CD e, UFD f, UIF g, double h);
NEST mix_spill(D2 a, D2 b, D2 c, LD d, F3 e, int f, ID g);
L2 two_L2(L2 a, L2 b);
L2 four_L2(L2 a, L2 b, L2 c, L2 d);
D2 five_D2(D2 a, D2 b, D2 c, D2 d, D2 e);
ID three_mixed(DI a, ID b, FFII c);
F3 small_ones(C1 a, S1 b, I1 c, C3 d, C5 e, C7 f, F1 g, F2 h, UIF i, UFI j);
L3 mem_mix(int a, L3 m, double b, D3 n, int c, I5 o, C17 p, long d);
BIG mem_stack(long a, long b, long c, long d, long e, long f, long g, BIG big, D4 q, int h);
D4 mem_regs(D4 x, L2 y, D2 z, PK w, int k);
A16 a32_odd(int a, int b, int c, int d, int e, int f, int s1, A32 x, int s2);
A16 a16_odd(long a, long b, long c, long d, long e, long f, int s1, int s2, int s3, A16 x, double g, A16 y, char s4);
A32 a16_three(A16 a, A16 b, A16 c, int k);

/* ---- callee.c: functions that call back into the caller ---- */
DI apply_DI(DI (*fn)(ID, FI, int), ID a, FI b, int k);
BIG apply_BIG(BIG (*fn)(L3, BIG, int), L3 a, BIG b, int k);
F3 apply_F3(F3 (*fn)(D2, F3, F2), D2 a, F3 b, F2 c);
L2 apply_after5(L2 (*fn)(int, int, int, int, int, L2, int), L2 x, int k);
D2 apply_after7d(D2 (*fn)(double, double, double, double, double, double, double, D2, double), D2 x);
A16 apply_A32(A16 (*fn)(int, int, int, int, int, int, int, A32, int), A32 x);
NEST apply_NEST(NEST (*fn)(NEST, BF, UFI, PK), NEST a, BF b, UFI c, PK d);
C17 apply_C17(C17 (*fn)(long, long, long, long, long, C13, H7), C13 x, H7 y);


/* long double: class X87, in memory (16-aligned) as an argument, in
   %st(0) as a result; a struct holding only one is returned in %st(0). */
typedef struct { long double v; } LDS;
long double ld_mix(long double a, int k, double d, long double b);
LDS ld_struct(LDS s, int k, long double t);
long double ld_after_stack(long a, long b, long c, long d, long e, long f, long g, long double x);
long double apply_ld(long double (*fn)(long double, int), long double x);

/* __int128: class INTEGER INTEGER, in two consecutive registers (or in
   memory, 16-aligned, when fewer than two remain), returned in rax:rdx. */
typedef struct { __int128 v; } Q1;                /* 16: INT INT */
typedef struct { long a; unsigned __int128 v; } Q2; /* 32: MEM */
static inline void show_u128(const char *pre, unsigned __int128 v)
{
    printf("%s%016llx%016llx", pre, (unsigned long long)(v >> 64), (unsigned long long)v);
}
unsigned __int128 i128_mix(unsigned __int128 a, int k, __int128 b);
__int128 i128_last_register(long a, long b, long c, long d, long e, __int128 x, long f);
__int128 i128_after_stack(long a, long b, long c, long d, long e, long f, long g, __int128 x);
Q1 i128_struct(Q1 q, Q2 r, int k);
__int128 apply_i128(__int128 (*fn)(__int128, int), __int128 x);

#endif
