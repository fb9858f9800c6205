/* __alignof__ of a local variable is what its declaration asked for, or
   its type's alignment, as gcc reports it: not the 16 bytes to which the
   psABI aligns an array of 16 bytes or more. nissecc said 16 for
   `int __attribute__((aligned(8))) arr8[65535]` where gcc says 8 (the
   semantic fuzzer's seed 11, input 358, a mutant of real_misc_gnu.c),
   and 16 for a plain `int a[100]`, where gcc says 4. The addresses keep
   the psABI's alignment. */
#include <stdint.h>
#include <stdio.h>

typedef int loose_int __attribute__((aligned(2)));
typedef double wide_double __attribute__((aligned(32)));

int global_plain[100];
int __attribute__((aligned(8))) global_eight[100];

int main(void) {
    int plain[100];
    int __attribute__((aligned(8))) eight[65535];
    int __attribute__((aligned(4))) four[100];
    char __attribute__((aligned(2))) two[40];
    int __attribute__((aligned(32))) thirty_two[100];
    _Alignas(8) char alignas_eight[64];
    long double ld[4];
    loose_int loose;
    wide_double wide;
    char small[8];
    plain[0] = eight[0] = four[0] = two[0] = thirty_two[0] = alignas_eight[0] = small[0] = 1;
    ld[0] = 1.0L;
    loose = 2;
    wide = 3.0;
    printf("%zu %zu %zu %zu %zu %zu\n", __alignof__(plain), __alignof__(eight), __alignof__(four), __alignof__(two),
           __alignof__(thirty_two), __alignof__(alignas_eight));
    printf("%zu %zu %zu %zu %zu %zu\n", __alignof__(ld), __alignof__(loose), __alignof__(wide), __alignof__(small),
           __alignof__(global_plain), __alignof__(global_eight));
    printf("%d %d %d\n", (int)((uintptr_t)plain % 16), (int)((uintptr_t)thirty_two % 32), (int)((uintptr_t)&wide % 32));
    printf("%d\n", plain[0] + eight[0] + four[0] + two[0] + thirty_two[0] + alignas_eight[0] + small[0] + (int)ld[0] + loose + (int)wide);
    return 0;
}
