#include <stdio.h>

static int reverse_digits(int n) {
    int r = 0;
    do {
        r = r * 10 + n % 10;
        n /= 10;
    } while (n > 0);
    return r;
}

static void to_base(unsigned int n, unsigned int base, char *out) {
    char tmp[40];
    int len = 0;
    do {
        tmp[len++] = "0123456789abcdefghijklmnopqrstuvwxyz"[n % base];
        n /= base;
    } while (n);
    for (int i = 0; i < len; i++) out[i] = tmp[len - 1 - i];
    out[len] = 0;
}

int main(void) {
    int i = 0;
    do printf("%d ", i); while (++i < 5);
    printf("\n");
    int j = 100;
    do { j++; } while (0);
    printf("%d\n", j);
    int k = 10;
    do k -= 3; while (k > 0);
    printf("%d\n", k);
    printf("%d %d %d\n", reverse_digits(12345), reverse_digits(0), reverse_digits(1000));
    char buf[40];
    unsigned int vals[] = {0, 255, 4096, 123456789, 4294967295u};
    unsigned int bases[] = {2, 8, 16, 36};
    for (int a = 0; a < 5; a++) {
        for (int b = 0; b < 4; b++) { to_base(vals[a], bases[b], buf); printf("%s ", buf); }
        printf("\n");
    }
    int n = 0, sum = 0;
    do {
        n++;
        if (n % 2) continue;
        sum += n;
    } while (n < 10);
    printf("%d %d\n", n, sum);
    int m = 0;
    do {
        if (m == 3) break;
        m++;
    } while (1);
    printf("%d\n", m);
    int outer = 0, cnt = 0;
    do {
        int inner = 0;
        do cnt++; while (++inner < outer);
    } while (++outer < 4);
    printf("%d\n", cnt);
    return 0;
}
