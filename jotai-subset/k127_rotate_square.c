// inputs: 0 1 2 3  tags: nested-loop, matrix, counted-loop, in-place, triangular
#include <stdio.h>
#include <stdlib.h>

/* Rotate an n x n int matrix by 90 degrees `turns` times clockwise, in place:
   transpose (triangular loop) then mirror each row (two-index loop). */
void rotate_square(int *m, int n, int turns)
{
    turns %= 4;
    if (turns < 0) turns += 4;
    for (int t = 0; t < turns; t++) {
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int x = m[i * n + j];
                m[i * n + j] = m[j * n + i];
                m[j * n + i] = x;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int a = 0, b = n - 1; a < b; a++, b--) {
                int x = m[i * n + a];
                m[i * n + a] = m[i * n + b];
                m[i * n + b] = x;
            }
        }
    }
}

static void show(const int *m, int n)
{
    for (int i = 0; i < n && i < 6; i++) {
        for (int j = 0; j < n && j < 6; j++) printf("%4d", m[i * n + j]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int m[1] = {7};
        rotate_square(m, 0, 1);
        rotate_square(m, 1, 3);
        show(m, 1);
        break;
    }
    case 1: {
        int m[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        rotate_square(m, 3, 1);
        show(m, 3);
        rotate_square(m, 3, -1);
        show(m, 3);
        break;
    }
    case 2: {
        int m[16];
        for (int i = 0; i < 16; i++) m[i] = i;
        rotate_square(m, 4, 4);
        show(m, 4);
        rotate_square(m, 4, 6);
        show(m, 4);
        break;
    }
    case 3: {
        int n = 48;
        int *m = malloc((size_t)n * n * sizeof *m);
        for (int i = 0; i < n * n; i++) m[i] = (i * 7919) % 1000;
        for (int r = 1; r <= 7; r++) rotate_square(m, n, r);
        unsigned h = 0;
        for (int i = 0; i < n * n; i++) h = h * 31u + (unsigned)m[i];
        printf("hash=%08x\n", h);
        show(m, n);
        free(m);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
