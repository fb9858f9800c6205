/* _Alignof and __alignof__ of a typedef declared with
 * __attribute__((aligned(N))) give N, as the layout of members and
 * objects declared with it already did. */
#include <stddef.h>
#include <stdio.h>

typedef int T8 __attribute__((aligned(8)));
typedef double D16 __attribute__((aligned(16)));
struct S { char c; T8 x; };
struct U { char c; D16 d; char e; };

int main(void) {
    T8 local = 1;
    D16 wide = 2.0;
    printf("%zu %zu %zu %zu\n", _Alignof(T8), __alignof__(T8), _Alignof(D16), __alignof__(D16 *));
    printf("%zu %zu %zu %zu %zu\n", offsetof(struct S, x), sizeof(struct S), _Alignof(struct S), offsetof(struct U, d), sizeof(struct U));
    printf("%d %d %d %g\n", (int)((size_t)&local % 8), (int)((size_t)&wide % 16), local, wide);
    return 0;
}
