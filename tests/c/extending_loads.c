/* Loads widened by their only use (sign and zero extension of 8-, 16- and
   32-bit values to int and long), next to loads with several uses and
   loads whose extension sits in a later block. Output is compared with
   gcc's. */
#include <stdio.h>

static unsigned long mix(const signed char *sc, const unsigned char *uc, const short *ss, const unsigned short *us,
                const int *si, const unsigned *ui, int n)
{
    unsigned long total = 0;
    for (int i = 0; i < n; i++) {
        int a = sc[i];
        int b = uc[i];
        long c = ss[i];
        unsigned long d = us[i];
        long e = si[i];
        unsigned long f = ui[i];
        total = total * 7 + (unsigned long)(a + b + c + (long)d + e + (long)f);
    }
    return total;
}

static int twice(const signed char *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        signed char v = p[i];
        s += v * (int)(unsigned char)v;
    }
    return s;
}

static long later_block(const short *p, int n, int k)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        short v = p[i];
        if (i % k == 0)
            s += v;
        else
            s -= (unsigned short)v;
    }
    return s;
}

int main(void)
{
    signed char sc[16];
    unsigned char uc[16];
    short ss[16];
    unsigned short us[16];
    int si[16];
    unsigned ui[16];
    for (int i = 0; i < 16; i++) {
        sc[i] = (signed char)(i * 37 - 120);
        uc[i] = (unsigned char)(i * 53 + 200);
        ss[i] = (short)(i * 4099 - 30000);
        us[i] = (unsigned short)(i * 5003 + 60000);
        si[i] = i * 134217727 - 1000000000;
        ui[i] = 4000000000u + (unsigned)i * 19u;
    }
    printf("mix %lu %lu\n", mix(sc, uc, ss, us, si, ui, 16), mix(sc, uc, ss, us, si, ui, 3));
    printf("twice %d\n", twice(sc, 16));
    printf("later %ld %ld\n", later_block(ss, 16, 3), later_block(ss, 16, 1));
    return 0;
}
