#include <stdio.h>

static int sparse(int v) {
    switch (v) {
    case -1000000: return 1;
    case -7: return 2;
    case 0: return 3;
    case 3: return 4;
    case 100: return 5;
    case 1000: return 6;
    case 65536: return 7;
    case 2147483647: return 8;
    case -2147483647 - 1: return 9;
    default: return 0;
    }
}

static int dense(unsigned int v) {
    switch (v) {
    case 0: return 10; case 1: return 11; case 2: return 12; case 3: return 13;
    case 4: return 14; case 5: return 15; case 6: return 16; case 7: return 17;
    case 8: return 18; case 9: return 19; case 4294967295u: return 99;
    }
    return -1;
}

int main(void) {
    int vals[] = {-1000000, -7, 0, 3, 100, 1000, 65536, 2147483647, -2147483647 - 1, 1, 2, -6, 999, 65537};
    for (int i = 0; i < 14; i++) printf("%d", sparse(vals[i]));
    printf("\n");
    for (unsigned int v = 0; v < 12; v++) printf("%d ", dense(v));
    printf("%d\n", dense(4294967295u));
    int hist[10] = {0};
    for (int i = -50; i < 5000; i += 7) {
        int k = sparse(i);
        hist[k]++;
    }
    for (int i = 0; i < 10; i++) printf("%d ", hist[i]);
    printf("\n");
    return 0;
}
