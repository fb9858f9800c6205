// inputs: 0 1 2  tags: bits, unsigned-char, counted-loop, nested-loop, break
#include <stdio.h>
#include <stdlib.h>

/* Fills a 256-entry parity table using an unsigned char induction variable;
 * returns the number of odd-parity bytes. */
int build_parity_table(unsigned char *tab, unsigned char limit)
{
    unsigned char c = 0;
    int odd = 0;
    for (;;) {
        unsigned char x = c, p = 0;
        while (x) {
            p ^= (unsigned char)(x & 1u);
            x >>= 1;
        }
        tab[c] = p;
        odd += p;
        if (c == limit)
            break;
        c++;
    }
    return odd;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    unsigned char tab[256];
    int i, odd;
    switch (opt) {
    case 0:
        odd = build_parity_table(tab, 0);
        printf("odd=%d tab0=%u\n", odd, tab[0]);
        break;
    case 1:
        odd = build_parity_table(tab, 15);
        printf("odd=%d:", odd);
        for (i = 0; i < 16; i++)
            printf(" %u", tab[i]);
        printf("\n");
        break;
    case 2: {
        odd = build_parity_table(tab, 255);
        unsigned h = 0;
        for (i = 0; i < 256; i++)
            h = h * 3u + tab[i];
        printf("odd=%d hash=%u t127=%u t255=%u\n", odd, h, tab[127], tab[255]);
        break;
    }
    }
    return 0;
}
