/* alloca and __builtin_alloca: blocks that live until their function
 * returns, in a loop (a thousand blocks freed at once) and in helpers. */
#include <stdio.h>
#include <string.h>
#include <alloca.h>
static int sum_copy(const int *a, int n) {
    int *b = alloca(n * sizeof *b), s = 0;
    memcpy(b, a, n * sizeof *b);
    for (int i = 0; i < n; i++) s += b[i];
    return s;
}
static char *join(const char *x, const char *y, char *out) {
    char *tmp = __builtin_alloca(strlen(x) + strlen(y) + 2);
    sprintf(tmp, "%s+%s", x, y);
    strcpy(out, tmp);
    return out;
}
int main() {
    int a[100]; char out[64]; long total = 0;
    for (int i = 0; i < 100; i++) a[i] = i * i;
    for (int round = 0; round < 1000; round++) {
        char *p = alloca(32);
        p[0] = (char)round;
        total += sum_copy(a, 1 + round % 100) + p[0];
    }
    printf("%ld %s %d\n", total, join("ab", "cd", out), (int)(((unsigned long)alloca(24)) % 16));
    return 0;
}
