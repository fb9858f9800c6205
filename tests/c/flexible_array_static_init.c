#include <stdio.h>
struct fa { int n; int d[]; };
static struct fa g = { 3, { 7, 8, 9 } };
int main(void){ printf("%d %d %d\n", g.n, g.d[0], g.d[2]); return 0; }
