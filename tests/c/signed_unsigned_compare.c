#include <stdio.h>

int main(void) {
    int si[] = {-2, -1, 0, 1, 2};
    unsigned int ui[] = {0u, 1u, 2u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 5; j++)
            printf("%d%d%d", si[i] < ui[j], si[i] == ui[j], si[i] > ui[j]);
        printf("\n");
    }
    long sl = -1;
    unsigned int u = 1;
    printf("%d\n", sl < u);
    unsigned long ul = 1;
    printf("%d\n", sl < ul);
    short ss = -1;
    unsigned short us = 1;
    printf("%d\n", ss < us);
    signed char sc = -1;
    unsigned char uc = 255;
    printf("%d %d\n", sc < uc, sc == uc);
    unsigned int zero = 0;
    printf("%d\n", zero - 1 > zero);
    printf("%d\n", (int)(zero - 1) < (int)zero);
    int count = 0;
    for (unsigned int k = 10; k < 100; k--) count++;
    printf("count=%d\n", count);
    unsigned char small = 200;
    int neg = -56;
    printf("%d\n", small + neg == 144);
    long long ll = -1;
    unsigned long long ull = 0;
    printf("%d\n", ll > ull);
    printf("%d\n", ll < 0);
    unsigned int big = 3000000000u;
    long lb = 3000000000L;
    printf("%d\n", big == lb);
    int x = -5;
    printf("%s\n", x < sizeof(int) ? "less" : "not less");
    printf("%s\n", x < (int)sizeof(int) ? "less" : "not less");
    return 0;
}
