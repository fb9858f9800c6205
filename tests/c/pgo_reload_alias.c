/* Loads repeated on both sides of a branch, the case -fprofile-use's load
   reuse removes: plain reloads (insertion sort), reloads after a store
   through another pointer that may alias, and reloads after a call that
   writes memory. */
#include <stdio.h>

static int bump(int *p)
{
    *p += 100;
    return *p;
}

static long insertion_sort(int *a, int n)
{
    long shifts = 0;
    for (int i = 1; i < n; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
            shifts++;
        }
        a[j + 1] = v;
    }
    return shifts;
}

static int aliased(int *a, int *b, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] > 3) {
            *b = i;          /* b may point into a */
            s += a[i];
        } else {
            s -= a[i];
        }
    }
    return s;
}

static int through_call(int *a, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] & 1) {
            bump(&a[i]);
            s += a[i];
        }
    }
    return s;
}

int main(void)
{
    int a[64];
    for (int i = 0; i < 64; i++)
        a[i] = (i * 37) % 64 - 20;
    long shifts = insertion_sort(a, 64);
    printf("shifts %ld first %d last %d\n", shifts, a[0], a[63]);
    int b[16];
    for (int i = 0; i < 16; i++)
        b[i] = i % 7;
    printf("aliased %d", aliased(b, &b[5], 16));
    printf(" %d\n", aliased(b, &b[15], 16));
    printf("through_call %d %d\n", through_call(b, 16), b[3]);
    return 0;
}
