/* Code behind a condition that a constant operand decides is not emitted,
 * even at -O0, as GCC folds it: libtommath's `if (err && MP_HAS(X))
 * f();`, with MP_HAS a constant `sizeof` comparison, calls a function that
 * only some builds define. `never_defined` is defined nowhere, so the
 * program links only if every call to it is dropped. */
#include <stdio.h>

int never_defined(int);

#define HAS(feature) (sizeof(#feature) == 1u)

int main()
{
    volatile int source = 1;
    int e = source;
    int runs = 0;
    if (e && HAS(FEATURE))
        e = never_defined(e);
    if ((e != 0) && 0)
        e = never_defined(e);
    if (e || 1)
        runs++;
    else
        e = never_defined(e);
    if (!(e || 2))
        e = never_defined(e);
    while (0)
        e = never_defined(e);
    for (; e && 0;)
        e = never_defined(e);
    e = 0 ? never_defined(e) : e + 1;
    e = (e && 0) ? never_defined(e) : e + 1;
    e = (1 || e) ? e + 1 : never_defined(e);
    /* The constant decides; the other operand is still evaluated where
       it comes first. */
    int calls = 0;
    if ((calls++, e) && 0)
        e = never_defined(e);
    printf("e=%d runs=%d calls=%d\n", e, runs, calls);
    return 0;
}
