/* GCC's mode attribute, as libgcc-style code spells its fixed-size types:
   on typedefs, on declarators, on enum-typed members, and on floats. */
#include <stdio.h>

typedef unsigned int UQItype __attribute__((mode(QI)));
typedef int HItype __attribute__((mode(HI)));
typedef unsigned int USItype __attribute__((mode(SI)));
typedef int DItype __attribute__((mode(DI)));
typedef unsigned int UDItype __attribute__((__mode__(__DI__)));
typedef float DFtype __attribute__((mode(DF)));
typedef int word_type __attribute__((mode(__word__)));

enum colour { RED, GREEN = 200, BLUE };

struct packed_enums {
    enum colour first __attribute__((mode(byte)));
    enum colour second __attribute__((mode(byte)));
    short tail;
};

int main() {
    UQItype small = 250;
    HItype half = 32767;
    USItype single = 0xffffffffu;
    DItype wide = 1;
    UDItype uwide = 0;
    DFtype precise = 1.0 / 3.0;
    int __attribute__((mode(QI))) tiny = -100;
    struct packed_enums e = {BLUE, GREEN, 7};
    small += 10;
    half += 1;
    single += 2;
    wide <<= 40;
    uwide -= 1;
    tiny -= 100;
    printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(UQItype), sizeof(HItype), sizeof(USItype), sizeof(DItype), sizeof(UDItype),
           sizeof(DFtype), sizeof(word_type), sizeof tiny);
    printf("%u %d %u %lld %llu %.17g %d\n", small, half, single, (long long)wide, (unsigned long long)uwide, precise, tiny);
    printf("%zu %d %d %d\n", sizeof e, e.first, e.second, e.tail);
    return 0;
}
