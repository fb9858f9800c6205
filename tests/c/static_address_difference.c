/* Static initializers that subtract two addresses in one object: element
   counts between pointers and byte offsets between addresses cast to an
   integer type, as GCC folds them. */
#include <stddef.h>
#include <stdio.h>

struct rec { char tag; int values[8]; double tail; };
static struct rec r;
static int table[16];
static ptrdiff_t count = &table[12] - &table[2];
static ptrdiff_t backwards = &table[1] - &table[9];
static long bytes = (char *)&r.tail - (char *)&r;
static long member = (long)&r.values[3] - (long)&r.values[0];
static const int *end = table + (&table[4] - &table[1]);

int main(void) {
    printf("%td %td %ld %ld %td\n", count, backwards, bytes, member, end - table);
    return 0;
}
