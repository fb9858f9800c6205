// inputs: 0 1 2 3  tags: two-pointer, while-loop, modulo, reversal, counted-loop
#include <stdio.h>
#include <stdlib.h>

static void rev(int *a, int i, int j)
{
    while (i < j) {
        int t = a[i];
        a[i++] = a[j];
        a[j--] = t;
    }
}

/* Rotates a[0..n) left by k positions using three reversals. Returns the
 * effective shift. */
int rotate_left(int *a, int n, int k)
{
    if (n <= 1)
        return 0;
    k %= n;
    if (k < 0)
        k += n;
    if (k == 0)
        return 0;
    rev(a, 0, k - 1);
    rev(a, k, n - 1);
    rev(a, 0, n - 1);
    return k;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int a[20], i, n = 10, k = 0;
    for (i = 0; i < 20; i++)
        a[i] = i;
    switch (opt) {
    case 0:
        n = 1;
        k = 5;
        break;
    case 1:
        k = 20;
        break;
    case 2:
        k = 3;
        break;
    case 3:
        n = 20;
        k = -7;
        break;
    default:
        return 0;
    }
    int e = rotate_left(a, n, k);
    printf("shift=%d:", e);
    for (i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf("\n");
    return 0;
}
