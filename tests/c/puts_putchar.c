#include <stdio.h>

static void print_num(int n) {
    if (n < 0) { putchar('-'); n = -n; }
    if (n >= 10) print_num(n / 10);
    putchar('0' + n % 10);
}

int main(void) {
    puts("hello from puts");
    puts("");
    puts("line with\ttab");
    putchar('A');
    putchar('\n');
    for (int c = 'a'; c <= 'z'; c++) putchar(c);
    putchar('\n');
    print_num(0); putchar(' ');
    print_num(12345); putchar(' ');
    print_num(-987); putchar('\n');
    const char *lines[] = {"first", "second", "third"};
    for (int i = 0; i < 3; i++) puts(lines[i]);
    int r = putchar('Z');
    putchar('\n');
    printf("%d\n", r);
    r = puts("x");
    printf("%d\n", r >= 0);
    fputs("fputs to stdout\n", stdout);
    fprintf(stdout, "fprintf %d\n", 5);
    fputc('!', stdout);
    putc('\n', stdout);
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j <= i; j++) putchar('#');
        putchar('\n');
    }
    return 0;
}
