/* Found by nissecc-fuzz --target semantic (seed 1, a mutant of
   tests/c/pointer_int_cast.c whose `aligned >= (uintptr_t)buf` became
   `aligned != (uintptr_t)buf`).

   The x86-64 psABI (§3.1.2, "Aggregates and Unions") gives a local or
   global array variable of 16 bytes or more an alignment of at least 16.
   nissecc aligns a local array only to its element type: here `buf`
   lands 40 bytes after `arr`, at 8 modulo 16. Globals and VLAs are
   aligned. No undefined behaviour (pointer-to-integer conversion is
   implementation-defined, and gcc's sanitizers are silent).

   gcc -O0, gcc -O2, clang-19 -O0 and clang-19 -O2 print:   0 0
   nissecc -O0 and nissecc -O2 print:                       0 8        */
#include <stdint.h>
#include <stdio.h>

int main(void) {
    int arr[10];
    char buf[64];
    arr[0] = 1;
    buf[0] = 2;
    printf("%d %d\n", (int)((uintptr_t)arr % 16), (int)((uintptr_t)buf % 16));
    return arr[0] + buf[0] - 3;
}
