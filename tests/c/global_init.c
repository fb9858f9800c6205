#include <stdio.h>

int gi = 42;
int gneg = -17;
unsigned gu = 4000000000u;
long gl = -1234567890123L;
unsigned long long gull = 18446744073709551615ULL;
short gs = -300;
unsigned char guc = 255;
signed char gsc = -128;
char gc = 'G';
_Bool gb = 5;
float gf = 1.5f;
double gd = -2.25e10;
int gzero;
double gdzero;
int garr[5] = {1, 2, 3};
long glarr[] = {10, 20, 30, 40};
char gstr[] = "global string";
const char *gptr = "pointer to literal";
int gexpr = 3 * 4 + (10 << 2) - 100 / 7;
long gsz = sizeof(long) * 10;
int gcast = (int)3.99;
double gconv = 7;
unsigned char gtrunc = (unsigned char)0x1234;
int gcond = 1 > 2 ? 10 : 20;
int gchar_arith = 'z' - 'a';
float gfloat_from_int = 16777217;
enum { GA = 5, GB } genum = GB;
static int gstatic = 99;
int guninit_arr[4];

int main(void) {
    printf("%d %d %u %ld %llu\n", gi, gneg, gu, gl, gull);
    printf("%d %d %d %c %d\n", gs, guc, gsc, gc, gb);
    printf("%g %g %d %g\n", gf, gd, gzero, gdzero);
    for (int i = 0; i < 5; i++) printf("%d ", garr[i]);
    printf("| %zu ", sizeof(glarr) / sizeof(glarr[0]));
    for (int i = 0; i < 4; i++) printf("%ld ", glarr[i]);
    printf("\n");
    printf("%s %zu\n", gstr, sizeof(gstr));
    printf("%s\n", gptr);
    printf("%d %ld %d %g %d %d %d\n", gexpr, gsz, gcast, gconv, gtrunc, gcond, gchar_arith);
    printf("%.1f %d %d\n", gfloat_from_int, genum, gstatic);
    for (int i = 0; i < 4; i++) printf("%d", guninit_arr[i]);
    printf("\n");
    gi++;
    gstr[0] = 'G';
    garr[4] = gi;
    printf("%d %s %d\n", gi, gstr, garr[4]);
    return 0;
}
