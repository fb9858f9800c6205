/* A parameter declared as an array of qualified elements is a pointer to
 * qualified elements: flex's scanners declare
 * `static void yy_fatal_error(const char msg[], yyscan_t)` and define it
 * with `const char *msg`, which are the same type. */
#include <stdio.h>

typedef void *yyscan_t;

static void report(const char msg[], yyscan_t scanner);
static int total(const volatile int values[], int n);
static size_t width(const char rows[][4]);

static void report(const char *msg, yyscan_t scanner) {
    printf("%s %d\n", msg, scanner == NULL);
}

static int total(const volatile int *values, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += values[i];
    return sum;
}

static size_t width(const char (*rows)[4]) { return sizeof rows[0]; }

int main(void) {
    int v[] = {1, 2, 3};
    const char grid[2][4] = {"abc", "def"};
    report("fatal", NULL);
    printf("%d %zu\n", total(v, 3), width(grid));
    return 0;
}
