/* C99 inline functions: the header holds inline definitions; scale.c
 * provides the external definitions with `extern inline` declarations. */
#ifndef SCALE_H
#define SCALE_H
inline int thrice(int x) { return 3 * x; }
inline int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
int apply(int (*f)(int), int x);
#endif
