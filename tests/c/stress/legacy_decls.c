/* Legacy-style code: forward declarations without prototypes, defined later with prototypes. */
#include <stdio.h>
#include <string.h>

int gcd();
long power();
double average();
char *reverse();
void report();

static int table[] = { 12, 18, 27, 45, 64, 81, 100 };

int main(void) {
    int n = (int)(sizeof table / sizeof table[0]);
    for (int i = 0; i + 1 < n; i++) printf("gcd(%d,%d)=%d\n", table[i], table[i + 1], gcd(table[i], table[i + 1]));
    for (int e = 0; e <= 12; e += 3) printf("3^%d=%ld\n", e, power(3L, e));
    printf("average=%.4f\n", average(table, n));
    char word[] = "legacy";
    printf("reverse=%s\n", reverse(word));
    report("done", n, 2.5);
    return 0;
}

int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
long power(long base, int e) { long r = 1; while (e-- > 0) r *= base; return r; }
double average(const int *v, int n) { double s = 0; for (int i = 0; i < n; i++) s += v[i]; return n ? s / n : 0; }
char *reverse(char *s) {
    size_t n = strlen(s);
    for (size_t i = 0; i < n / 2; i++) { char t = s[i]; s[i] = s[n - 1 - i]; s[n - 1 - i] = t; }
    return s;
}
void report(const char *what, int count, double factor) { printf("report: %s count=%d scaled=%.2f\n", what, count, count * factor); }
