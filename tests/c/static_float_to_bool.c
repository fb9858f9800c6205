/* Floating constants converted to _Bool in static initializers and case labels compare with zero (0.5 is true), as at run time. */
#include <stdio.h>
static _Bool b1 = 0.5, b2 = 0.0, b3 = -0.25f, b4 = 1e-300, b5 = 0.5L, b6 = -0.0, b7 = __builtin_nan("");
int main(void) { printf("%d %d %d %d %d %d %d\n", b1, b2, b3, b4, b5, b6, b7); switch (1) { case (_Bool)0.5: printf("case\n"); } return 0; }
