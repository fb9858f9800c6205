#include <stdio.h>

int main(void) {
    printf("%d %d %d %d %d %d %d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    printf("%ld %ld %ld %ld %ld %ld %ld %ld\n", 1L << 33, -2L, 3L, 4L << 40, 5L, 6L, 7L, -(8L << 50));
    printf("%f %f %f %f %f %f %f %f %f %f %f\n", 1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 7.7, 8.8, 9.9, 10.1, 11.11);
    printf("%d %f %d %f %d %f %d %f %d %f %d %f %d %f %d %f %d %f %d %f\n",
           1, 0.1, 2, 0.2, 3, 0.3, 4, 0.4, 5, 0.5, 6, 0.6, 7, 0.7, 8, 0.8, 9, 0.9, 10, 1.0);
    printf("%s %c %d %u %x %o %ld %lu %lld %llu %f %e %g %s %c\n",
           "str", 'c', -1, 4000000000u, 255, 8, -9L, 10UL, -11LL, 12ULL, 13.5, 14.5, 15.5, "end", '!');
    char a = 'a';
    short s = -2;
    unsigned char uc = 200;
    unsigned short us = 60000;
    float f1 = 1.5f, f2 = 2.5f, f3 = 3.5f, f4 = 4.5f, f5 = 5.5f, f6 = 6.5f, f7 = 7.5f, f8 = 8.5f, f9 = 9.5f;
    printf("%c %d %d %d %g %g %g %g %g %g %g %g %g\n", a, s, uc, us, f1, f2, f3, f4, f5, f6, f7, f8, f9);
    int i1 = 10, i2 = 20, i3 = 30, i4 = 40, i5 = 50, i6 = 60, i7 = 70, i8 = 80;
    double d1 = 0.5, d2 = 1.5, d3 = 2.5, d4 = 3.5, d5 = 4.5, d6 = 5.5, d7 = 6.5, d8 = 7.5, d9 = 8.5, d10 = 9.5;
    printf("%d %d %d %d %d %d %d %d | %g %g %g %g %g %g %g %g %g %g | %d %g\n",
           i1, i2, i3, i4, i5, i6, i7, i8, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, i1 + i8, d1 + d10);
    const char *w1 = "one", *w2 = "two", *w3 = "three", *w4 = "four", *w5 = "five", *w6 = "six", *w7 = "seven";
    printf("%s-%s-%s-%s-%s-%s-%s-%s\n", w1, w2, w3, w4, w5, w6, w7, "eight");
    int n = printf("%d%d%d%d%d%d%d%d%d\n", 9, 8, 7, 6, 5, 4, 3, 2, 1);
    printf("printed %d chars\n", n);
    return 0;
}
