// inputs: 0 1 2 3  tags: sort, heap, while-loop, down-count, unsigned
#include <stdio.h>
#include <stdlib.h>

static void sift_down(unsigned *a, size_t start, size_t end)
{
    size_t root = start;
    while (2 * root + 1 <= end) {
        size_t child = 2 * root + 1, sw = root;
        if (a[sw] < a[child])
            sw = child;
        if (child + 1 <= end && a[sw] < a[child + 1])
            sw = child + 1;
        if (sw == root)
            return;
        unsigned t = a[root];
        a[root] = a[sw];
        a[sw] = t;
        root = sw;
    }
}

void heapsort_u(unsigned *a, size_t n)
{
    size_t start, end;
    if (n < 2)
        return;
    start = (n - 2) / 2 + 1;
    while (start-- > 0)
        sift_down(a, start, n - 1);
    for (end = n - 1; end > 0; end--) {
        unsigned t = a[end];
        a[end] = a[0];
        a[0] = t;
        sift_down(a, 0, end - 1);
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    size_t i, n = 0;
    unsigned *a = NULL;
    unsigned s = 17u;
    switch (opt) {
    case 0:
        n = 0;
        break;
    case 1:
        n = 2;
        break;
    case 2:
        n = 15;
        break;
    case 3:
        n = 30000;
        break;
    default:
        return 0;
    }
    a = malloc((n + 1) * sizeof *a);
    for (i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        a[i] = s >> 8;
    }
    heapsort_u(a, n);
    unsigned h = 0;
    int ok = 1;
    for (i = 0; i < n; i++) {
        h = h * 31u + a[i];
        if (i && a[i - 1] > a[i])
            ok = 0;
        if (n <= 15)
            printf("%u ", a[i]);
    }
    printf("\nn=%zu sorted=%d hash=%u\n", n, ok, h);
    free(a);
    return 0;
}
