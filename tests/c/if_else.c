// gcc-check-flags: -Wno-parentheses -Wno-dangling-else
#include <stdio.h>

static const char *classify(int n) {
    if (n < 0)
        return "negative";
    else if (n == 0)
        return "zero";
    else if (n < 10)
        return "small";
    else if (n < 100)
        return "medium";
    else
        return "large";
}

static int grade(int score) {
    int g;
    if (score >= 90) g = 'A';
    else if (score >= 80) g = 'B';
    else if (score >= 70) g = 'C';
    else g = 'F';
    return g;
}

int main(void) {
    int tests[] = {-5, 0, 7, 42, 1000};
    for (int i = 0; i < 5; i++) printf("%s ", classify(tests[i]));
    printf("\n");
    for (int s = 65; s <= 100; s += 7) printf("%c", grade(s));
    printf("\n");
    int x = 5;
    if (x) printf("x true\n");
    if (!x) printf("never\n");
    if (x > 3)
        if (x > 10) printf("big\n");
        else printf("dangling else binds inner\n");
    if (x > 3) {
        if (x > 10) printf("big\n");
    } else printf("never\n");
    if (x == 5) { int x = 10; printf("shadow %d\n", x); }
    printf("outer %d\n", x);
    double d = 0.0;
    if (d) printf("never\n"); else printf("zero double false\n");
    char *p = "s";
    if (p) printf("pointer true\n");
    long big = 1L << 33;
    if (big) printf("long true\n");
    if ((int)(big >> 33) == 1) printf("shift ok\n");
    int a = 0, b = 0;
    if (a == 0) if (b == 0) printf("both zero\n");
    if (a = 3) printf("assign in cond %d\n", a);
    int cnt = 0;
    for (int i = 0; i < 20; i++) {
        if (i % 2) continue;
        if (i % 3 == 0) cnt += 10; else if (i % 5 == 0) cnt += 100; else cnt++;
    }
    printf("cnt=%d\n", cnt);
    if (1) ; else printf("never\n");
    unsigned u = 0;
    if (u - 1 > 0) printf("unsigned wrap positive\n");
    return 0;
}
