/* An `extern inline` function with the gnu_inline attribute is only for
 * inlining: GCC never compiles its body unless it is called. GCC's
 * <x86intrin.h> writes the attribute after the `*` of a pointer result
 * (`extern __inline void * __attribute__((__gnu_inline__)) __slwpcb
 * (void)`), where nissecc did not see it, so it compiled the unused body
 * and failed on a builtin it lacks. */
#include <stdio.h>

extern __inline void *__attribute__((__gnu_inline__, __always_inline__, __artificial__)) pointer_result(void) {
    return __builtin_ia32_nissecc_lacks_this();
}

extern __inline char **__attribute__((__gnu_inline__)) pointer_to_pointer_result(int n) {
    return __builtin_ia32_nissecc_lacks_this_too(n);
}

/* A plain `inline` definition under the same attribute is the external
 * definition, compiled and callable. */
inline const char *__attribute__((__gnu_inline__)) greeting(void) { return "hello"; }

int main(void) {
    printf("%s\n", greeting());
    return 0;
}
