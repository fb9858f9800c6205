/* __typeof__ of a typedef name, of an array variable, and __typeof__ nested in __typeof__ (which macros produce), in declarations and sizeof. */
#include <stdio.h>
typedef int A7[7];
int main(void) {
    int arr[7];
    __typeof__(int[7]) q; __typeof__(int[7]) r; __typeof__(A7) s; __typeof__(arr) t1; __typeof__((arr)) t2; __typeof__(__typeof__(t1)) t3;
    A7 *pa = 0; __typeof__(*pa) t4; __typeof__(__typeof__(*pa)) t5;
    printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof q, sizeof r, sizeof s, sizeof t1, sizeof t2, sizeof t3, sizeof t4, sizeof t5);
    return 0;
}
