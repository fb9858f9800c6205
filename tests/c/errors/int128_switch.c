// expect-error: unsupported: a switch on an __int128
#include <stdio.h>
int main(void) {
    unsigned long long a = 0xffffffffffffffffULL;
    unsigned __int128 p = (unsigned __int128)a * a;
    switch (p >> 64) {
    case 0: puts("zero"); break;
    default: puts("other"); break;
    }
    return 0;
}
