// expect-error: unsupported: __int128
#include <stdio.h>
int main(void) {
    unsigned long long a = 0xffffffffffffffffULL;
    unsigned __int128 p = (unsigned __int128)a * a;
    printf("%llu\n", (unsigned long long)(p >> 64));
    return 0;
}
