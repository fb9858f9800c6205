/* Enumerations with values outside int (a GCC extension): the enumerated
   type is unsigned int, unsigned long or long, as wide as the values, and
   a constant outside int has that type; constants inside int stay int. */
#include <stdio.h>

enum big { B_SMALL = 1, B_HUGE = 0x100000000LL, B_NEXT };
enum uns { U_TOP = 0xffffffffu };
enum neg { N_LOW = -1, N_HIGH = 0x80000000LL };
enum flags { F_A = 1ULL << 40, F_B = 1ULL << 50, F_ALL = F_A | F_B };
enum plain { P_A = -3, P_B };

int main(void) {
    enum big b = B_NEXT;
    printf("%zu %zu %zu\n", sizeof(enum big), sizeof B_SMALL, sizeof B_HUGE);
    printf("%lld %lld\n", (long long)b, (long long)B_HUGE);
    enum uns u = U_TOP;
    printf("%zu %u %d\n", sizeof(enum uns), (unsigned)u, u > 0);
    enum neg n = N_HIGH;
    printf("%zu %lld %d\n", sizeof(enum neg), (long long)n, N_LOW < N_HIGH);
    unsigned long long mask = F_ALL;
    printf("%llx %d %zu\n", mask, (F_ALL & F_B) != 0, sizeof(enum flags));
    printf("%zu %d %d\n", sizeof(enum plain), P_A, P_B);
    long long shifted = B_HUGE >> 16;
    printf("%lld\n", shifted);
    switch (b) {
    case B_HUGE: printf("huge\n"); break;
    case B_NEXT: printf("next\n"); break;
    default: printf("other\n");
    }
    static const long long table[] = { [B_SMALL] = B_HUGE };
    printf("%lld\n", table[1]);
    return 0;
}
