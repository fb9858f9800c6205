/* __attribute__((symver("name@VERSION"))): a second, versioned name of a
   function or variable the unit defines, as liblzma 5.4 gives its
   lzma_block_uncomp_encode (with a default version, "@@", and an older
   one, on a declaration that is also an alias). GCC writes
   `.symver foo_52, foo@@XZ_5.2`, whose symbol `foo@@XZ_5.2` the linker
   reads as the version; nissecc ignored the attribute, so the shared
   library lacked the versioned name and its version script's `foo`.
   An executable links without a version script too. */
#include <stdio.h>

extern __attribute__((__symver__("counter@VERS_1"))) int counter_1;
int counter_1 = 41;

extern __attribute__((__symver__("scale@@VERS_2"))) int scale_2(int x);
extern __attribute__((__symver__("scale@VERS_1"))) int scale_1(int x)
    __attribute__((__alias__("scale_old")));

int scale_old(int x) { return x + counter_1; }
int scale_2(int x) { return x * 2; }

__attribute__((symver("twice@VERS_1"), symver("twice@@VERS_2"))) int twice_1(int x) { return x + x; }

int main(void) {
    printf("%d %d %d %d\n", scale_1(1), scale_2(5), twice_1(7), counter_1);
    return 0;
}
