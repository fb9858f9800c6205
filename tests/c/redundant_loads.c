/* Reloads that value numbering may remove and those it must keep: a swap
   after a comparison, stores through an aliasing pointer, a call that
   writes memory between two loads, a store of one type read back as
   another (through a union), and a reload after a loop. Output is
   compared with gcc's. */
#include <stdio.h>

static int counter;

static void bump(void) { counter += 5; }

static void bubble(int *a, int n)
{
    for (int i = 0; i < n - 1; i++)
        for (int j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
}

static int aliased(int *p, int *q)
{
    int before = *p;
    *q = before + 10;
    int after = *p;
    return before * 100 + after;
}

static int across_call(void)
{
    int a = counter;
    bump();
    int b = counter;
    return a * 1000 + b;
}

static unsigned punned(void)
{
    union { unsigned u; unsigned char c[4]; float f; } x;
    x.u = 0x11223344u;
    unsigned first = x.c[0];
    x.c[1] = 0xAB;
    float f = x.f;
    return first + x.u + (f > 0.0f);
}

static int after_loop(int *a, int n)
{
    int s = a[0];
    for (int i = 1; i < n; i++) a[i - 1] += a[i];
    return s + a[0];
}

int main(void)
{
    int a[] = {5, -3, 9, 9, 0, 12, -7, 4};
    bubble(a, 8);
    for (int i = 0; i < 8; i++) printf("%d ", a[i]);
    int x = 3, y = 4;
    printf("\naliased %d %d\n", aliased(&x, &x), aliased(&x, &y));
    counter = 7;
    printf("call %d\n", across_call());
    printf("punned %u\n", punned());
    int b[] = {1, 2, 3, 4};
    printf("after %d\n", after_loop(b, 4));
    return 0;
}
