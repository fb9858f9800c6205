/* GCC's local labels: `__label__` at the head of a block, the way macros
 * that expand to statement expressions use them (the same macro twice in
 * one function), a local label shadowing a function-wide one, a jump from
 * an inner block to its enclosing block's label, and the address of a
 * local label in a computed goto. */
#include <stdio.h>

#define FIND(array, n, key) ({                  \
    __label__ found;                            \
    int at_ = -1;                               \
    for (int i_ = 0; i_ < (n); i_++)            \
        if ((array)[i_] == (key)) {             \
            at_ = i_;                           \
            goto found;                         \
        }                                       \
    found:                                      \
    at_;                                        \
})

static int steps(int n) {
    int total = 0;
    {
        __label__ again, done;
        int k = n;
    again:
        if (k <= 0) goto done;
        {
            __label__ again;
            total += k;
            if (total > 1000) goto again;
            k--;
            goto done_inner;
        again:
            total = -total;
        }
    done_inner:
        goto again;
    done:;
    }
    goto done;
    total = 12345;
done:
    return total;
}

static int dispatch(int op, int x) {
    __label__ twice, negate, out;
    static const int offsets[] = {0, 1};
    void *table[] = {&&twice, &&negate};
    goto *table[offsets[op & 1]];
twice:
    x *= 2;
    goto out;
negate:
    x = -x;
out:
    return x;
}

int main() {
    int a[] = {3, 1, 4, 1, 5, 9, 2, 6};
    int b[] = {2, 7, 1, 8, 2, 8};
    int i = FIND(a, 8, 5), j = FIND(b, 6, 8), k = FIND(a, 8, 7);
    printf("find: %d %d %d\n", i, j, k);
    printf("steps: %d %d %d\n", steps(3), steps(60), steps(0));
    printf("dispatch: %d %d\n", dispatch(0, 21), dispatch(1, 21));
    return 0;
}
