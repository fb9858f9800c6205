#include <stdio.h>

int main(void) {
    for (int i = 0; i < 10; i++) {
        if (i == 7) break;
        if (i % 2 == 0) continue;
        printf("%d ", i);
    }
    printf("\n");
    int i = 0;
    while (1) {
        i++;
        if (i < 3) continue;
        if (i > 6) break;
        printf("w%d ", i);
    }
    printf("\n");
    int j = 0;
    do {
        j++;
        if (j == 2) continue;
        if (j == 5) break;
        printf("d%d ", j);
    } while (j < 10);
    printf("j=%d\n", j);
    int found_r = -1, found_c = -1;
    for (int r = 0; r < 5 && found_r < 0; r++) {
        for (int c = 0; c < 5; c++) {
            if (r * c == 6) { found_r = r; found_c = c; break; }
        }
    }
    printf("%d %d\n", found_r, found_c);
    int total = 0;
    for (int a = 0; a < 5; a++) {
        for (int b = 0; b < 5; b++) {
            if (b > a) break;
            if ((a + b) % 2) continue;
            total += a * 10 + b;
        }
    }
    printf("%d\n", total);
    int primes = 0;
    for (int n = 2; n < 100; n++) {
        int isp = 1;
        for (int d = 2; d * d <= n; d++) {
            if (n % d == 0) { isp = 0; break; }
        }
        if (!isp) continue;
        primes++;
    }
    printf("primes=%d\n", primes);
    int k = 0;
    for (;;) {
        switch (k) {
        case 3: k += 10; break;
        default: k++; continue;
        }
        break;
    }
    printf("k=%d\n", k);
    int cnt = 0;
    for (int x = 0; x < 3; x++) {
        int y = 0;
        while (y < 100) {
            y++;
            if (y % 4) continue;
            cnt++;
            if (y >= 12) break;
        }
    }
    printf("cnt=%d\n", cnt);
    return 0;
}
