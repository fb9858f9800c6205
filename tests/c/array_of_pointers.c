#include <stdio.h>
#include <string.h>

static const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

static void sort_strings(const char **v, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j + 1 < n - i; j++)
            if (strcmp(v[j], v[j + 1]) > 0) { const char *t = v[j]; v[j] = v[j + 1]; v[j + 1] = t; }
}

int main(void) {
    for (int i = 0; i < 12; i += 3) printf("%s ", months[i]);
    printf("\n");
    const char *copy[12];
    for (int i = 0; i < 12; i++) copy[i] = months[i];
    sort_strings(copy, 12);
    for (int i = 0; i < 12; i++) printf("%s ", copy[i]);
    printf("\n");
    int a = 1, b = 2, c = 3, d = 4;
    int *ptrs[4] = {&d, &c, &b, &a};
    for (int i = 0; i < 4; i++) *ptrs[i] *= 10 + i;
    printf("%d %d %d %d\n", a, b, c, d);
    int r0[] = {1, 2, 3}, r1[] = {4, 5}, r2[] = {6, 7, 8, 9};
    int *jag[3] = {r0, r1, r2};
    int lens[3] = {3, 2, 4};
    for (int i = 0; i < 3; i++) {
        int s = 0;
        for (int j = 0; j < lens[i]; j++) s += jag[i][j];
        printf("row%d=%d ", i, s);
    }
    printf("\n");
    char *mutable[3];
    char w0[] = "one", w1[] = "two", w2[] = "three";
    mutable[0] = w0; mutable[1] = w1; mutable[2] = w2;
    for (int i = 0; i < 3; i++) mutable[i][0] = (char)(mutable[i][0] - 32);
    printf("%s %s %s\n", w0, w1, w2);
    printf("%zu %zu\n", sizeof(ptrs), sizeof(months) / sizeof(months[0]));
    const char **pm = months + 11;
    printf("%s %c\n", *pm, pm[-1][2]);
    double x = 1.5, y = 2.5;
    double *dp[2] = {&x, &y};
    double *tmp = dp[0]; dp[0] = dp[1]; dp[1] = tmp;
    printf("%g %g\n", *dp[0], *dp[1]);
    return 0;
}
