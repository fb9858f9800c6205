// inputs: 0 1 2 3  tags: recursion, backtracking, bits, unsigned
#include <stdio.h>
#include <stdlib.h>

/* Counts N-queens solutions using column/diagonal masks; records the first
 * solution's column per row in first[]. */
long queens(int n, int row, unsigned cols, unsigned d1, unsigned d2, int *cur, int *first,
            int *have_first)
{
    long count = 0;
    int c;
    if (row == n) {
        if (!*have_first) {
            int i;
            for (i = 0; i < n; i++)
                first[i] = cur[i];
            *have_first = 1;
        }
        return 1;
    }
    for (c = 0; c < n; c++) {
        unsigned bc = 1u << c;
        unsigned b1 = 1u << (row + c);
        unsigned b2 = 1u << (row - c + n - 1);
        if ((cols & bc) || (d1 & b1) || (d2 & b2))
            continue;
        cur[row] = c;
        count += queens(n, row + 1, cols | bc, d1 | b1, d2 | b2, cur, first, have_first);
    }
    return count;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int ns[4] = { 0, 3, 6, 10 };
    int cur[16], first[16], have = 0, i;
    if (opt < 0 || opt > 3)
        return 0;
    int n = ns[opt];
    long c = queens(n, 0, 0u, 0u, 0u, cur, first, &have);
    printf("n=%d solutions=%ld\n", n, c);
    if (have && n > 0) {
        for (i = 0; i < n; i++)
            printf("%d ", first[i]);
        printf("\n");
    }
    return 0;
}
