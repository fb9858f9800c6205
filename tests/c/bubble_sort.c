#include <stdio.h>

static int bubble(int *a, int n) {
    int swaps = 0;
    for (int i = 0; i < n - 1; i++) {
        int swapped = 0;
        for (int j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; swaps++; swapped = 1; }
        if (!swapped) break;
    }
    return swaps;
}

static void insertion(double *a, int n) {
    for (int i = 1; i < n; i++) {
        double k = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > k) { a[j + 1] = a[j]; j--; }
        a[j + 1] = k;
    }
}

static void selection(char *s) {
    for (int i = 0; s[i]; i++) {
        int m = i;
        for (int j = i + 1; s[j]; j++) if (s[j] < s[m]) m = j;
        char t = s[i]; s[i] = s[m]; s[m] = t;
    }
}

int main(void) {
    int a[20];
    unsigned seed = 12345;
    for (int i = 0; i < 20; i++) { seed = seed * 1103515245u + 12345u; a[i] = (int)(seed >> 16) % 1000 - 500; }
    for (int i = 0; i < 20; i++) printf("%d ", a[i]);
    printf("\n");
    int swaps = bubble(a, 20);
    for (int i = 0; i < 20; i++) printf("%d ", a[i]);
    printf("\nswaps=%d again=%d\n", swaps, bubble(a, 20));
    double d[8] = {3.5, -1.0, 2.25, 0.0, -7.5, 100.0, 2.25, 1e-3};
    insertion(d, 8);
    for (int i = 0; i < 8; i++) printf("%g ", d[i]);
    printf("\n");
    char s[] = "selectionsortexample";
    selection(s);
    printf("%s\n", s);
    int rev[10];
    for (int i = 0; i < 10; i++) rev[i] = 10 - i;
    printf("swaps=%d\n", bubble(rev, 10));
    return 0;
}
