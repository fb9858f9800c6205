#include <stdio.h>
#include <stdlib.h>

static void set_ptr(int **pp, int *target) { *pp = target; }
static void swap_ptrs(char **a, char **b) { char *t = *a; *a = *b; *b = t; }
static void alloc_int(int **out, int v) { *out = malloc(sizeof(int)); **out = v; }

int main(void) {
    int x = 10, y = 20;
    int *p = &x;
    int **pp = &p;
    int ***ppp = &pp;
    printf("%d %d %d\n", *p, **pp, ***ppp);
    **pp = 11;
    printf("%d\n", x);
    *pp = &y;
    printf("%d\n", *p);
    ***ppp = 21;
    printf("%d\n", y);
    set_ptr(&p, &x);
    printf("%d\n", *p);
    char *s1 = "first", *s2 = "second";
    swap_ptrs(&s1, &s2);
    printf("%s %s\n", s1, s2);
    int *heap = NULL;
    alloc_int(&heap, 99);
    printf("%d\n", *heap);
    free(heap);
    const char *words[] = {"alpha", "beta", "gamma", "delta"};
    const char **w = words;
    printf("%s %s\n", *w, *(w + 2));
    printf("%c %c\n", **w, *(*(w + 3) + 1));
    w++;
    printf("%s %c\n", *w, w[1][2]);
    int rows = 3, cols = 4;
    int **grid = malloc(rows * sizeof(int *));
    for (int r = 0; r < rows; r++) {
        grid[r] = malloc(cols * sizeof(int));
        for (int c = 0; c < cols; c++) grid[r][c] = r * 10 + c;
    }
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) printf("%d ", grid[r][c]);
        printf("\n");
    }
    int **row = grid + 1;
    printf("%d %d\n", (*row)[2], *(*(row + 1) + 3));
    for (int r = 0; r < rows; r++) free(grid[r]);
    free(grid);
    int a = 1, b = 2, c = 3;
    int *arr[3] = {&a, &b, &c};
    int **ap = arr;
    for (int i = 0; i < 3; i++) **(ap + i) *= 100;
    printf("%d %d %d\n", a, b, c);
    return 0;
}
