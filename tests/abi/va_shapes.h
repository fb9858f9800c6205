/*
 * Variadic functions that take the shapes of shapes.h through `...`
 * (va_callee.c), and the code both sides use to read them back.
 */
#ifndef ABI_VA_SHAPES_H
#define ABI_VA_SHAPES_H

#include <stdarg.h>
#include "shapes.h"

/*
 * Prints the arguments that ap holds, one per letter of kinds:
 * i int, d double, a I2, b L2, f F2, g D2, m DI, n ID, q FFII, t F3,
 * c C13, h H7, l L3, B BIG, x A16, y A32, p PK, u UFI, Q unsigned __int128.
 */
static inline void show_va(const char *kinds, va_list ap)
{
    for (const char *k = kinds; *k; k++) {
        switch (*k) {
        case 'i': show_int(" ", va_arg(ap, int)); break;
        case 'd': show_dbl(" ", va_arg(ap, double)); break;
        case 'a': { I2 v = va_arg(ap, I2); show_I2(" ", &v); break; }
        case 'b': { L2 v = va_arg(ap, L2); show_L2(" ", &v); break; }
        case 'f': { F2 v = va_arg(ap, F2); show_F2(" ", &v); break; }
        case 'g': { D2 v = va_arg(ap, D2); show_D2(" ", &v); break; }
        case 'm': { DI v = va_arg(ap, DI); show_DI(" ", &v); break; }
        case 'n': { ID v = va_arg(ap, ID); show_ID(" ", &v); break; }
        case 'q': { FFII v = va_arg(ap, FFII); show_FFII(" ", &v); break; }
        case 't': { F3 v = va_arg(ap, F3); show_F3(" ", &v); break; }
        case 'c': { C13 v = va_arg(ap, C13); show_C13(" ", &v); break; }
        case 'h': { H7 v = va_arg(ap, H7); show_H7(" ", &v); break; }
        case 'l': { L3 v = va_arg(ap, L3); show_L3(" ", &v); break; }
        case 'B': { BIG v = va_arg(ap, BIG); show_BIG(" ", &v); break; }
        case 'x': { A16 v = va_arg(ap, A16); show_A16(" ", &v); break; }
        case 'y': { A32 v = va_arg(ap, A32); show_A32(" ", &v); break; }
        case 'p': { PK v = va_arg(ap, PK); show_PK(" ", &v); break; }
        case 'u': { UFI v = va_arg(ap, UFI); show_UFI(" ", &v); break; }
        case 'Q': show_u128(" ", va_arg(ap, unsigned __int128)); break;
        default: printf(" ?%c", *k); return;
        }
    }
}

/* ---- va_callee.c ---- */
void va_structs(const char *kinds, ...);
void va_twice(const char *kinds, ...);
void va_vshow(const char *kinds, va_list ap);
DI va_sum_DI(int n, ...);
L3 va_pick_L3(int which, int n, ...);
F3 va_after5(int a, int b, int c, int d, int e, ...);
void va_call_back(void (*fn)(const char *kinds, ...));

#endif
