/* Globals of every linkage, read and written in a loop: each access
   takes a symbol's address, which must become a PC-relative lea, not a
   load from the GOT. */
#include <stdio.h>

int counter;
static int table[64];
const char *greeting = "hello";
static long total;

static int sum(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        table[i & 63] += i;
        s += table[(i * 7) & 63] + counter;
        counter++;
    }
    return s;
}

int main(void) {
    total = sum(1000);
    printf("%s %ld %d\n", greeting, total, counter);
    return 0;
}
