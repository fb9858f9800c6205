#include <stdio.h>

static int days_until_end(int month) {
    int d = 0;
    switch (month) {
    case 1: d += 31;
    case 2: d += 28;
    case 3: d += 31;
    case 4: d += 30;
    case 5: d += 31;
    case 6: d += 30;
    case 7: d += 31;
    case 8: d += 31;
    case 9: d += 30;
    case 10: d += 31;
    case 11: d += 30;
    case 12: d += 31;
        break;
    default: d = -1;
    }
    return d;
}

static const char *kind(int c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return "vowel";
    case ' ':
        return "space";
    default:
        if (c >= '0' && c <= '9') return "digit";
        return "other";
    }
}

int main(void) {
    for (int m = 0; m <= 13; m++) printf("%d ", days_until_end(m));
    printf("\n");
    const char *s = "hi u 9";
    for (int i = 0; s[i]; i++) printf("%s ", kind(s[i]));
    printf("\n");
    for (int i = 0; i < 6; i++) {
        switch (i) {
        default: printf("d");
        case 1: printf("1");
        case 2: printf("2"); break;
        case 4: printf("4");
        }
        printf("|");
    }
    printf("\n");
    int n = 13, count = 0;
    int q = (n + 3) / 4;
    switch (n % 4) {
    case 0: do { count++;
    case 3: count++;
    case 2: count++;
    case 1: count++;
            } while (--q > 0);
    }
    printf("duff %d\n", count);
    int x = 2;
    switch (x) { }
    switch (x) { case 2: ; }
    switch (x) default: printf("only default\n");
    switch (x) {
    case 1: {
        int y = 1;
        printf("y%d\n", y);
        break;
    }
    case 2: {
        int y = 2;
        printf("y%d\n", y);
    }
    case 3:
        printf("fell into 3\n");
    }
    int acc = 0;
    for (int i = 0; i < 10; i++) {
        switch (i % 3) {
        case 0: acc += 1; continue;
        case 1: acc += 10; break;
        }
        acc += 100;
    }
    printf("acc=%d\n", acc);
    return 0;
}
