/* Pre-standard C: objects declared at file scope without any type or
   storage class are `int`s (GCC warns "data definition has no type or
   storage class" and accepts them), and a `register` whose name is on
   the next line, as macro-expanded code writes it. */
#include <stdio.h>

total, calls;
limit = 40,
    step = 3;
table[4] = {1, 2, 3, 4};
*cursor;

static sum_to(n)
{
    register
        result = 0;
    while (n > 0)
        result += n--;
    return result;
}

int main(void) {
    cursor = &table[2];
    for (calls = 0; total < limit; calls++)
        total += step * *cursor;
    printf("%d %d %d %d\n", total, calls, sum_to(10), (int)sizeof table);
    return 0;
}
