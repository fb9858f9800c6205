// expect-error: conflicting types for 'report'
/* A void definition after an int prototype. */
#include <stdio.h>

int report(const char *what);

void report(const char *what) {
    printf("%s\n", what);
}

int main(void) {
    report("done");
    return 0;
}
