/* setjmp in the shapes real code uses, for the profile oracle's re-entry
 * edges: a setjmp whose result is discarded, one in a loop whose body
 * longjmps back from several frames down, longjmp(env, 0) (setjmp then
 * returns 1), a setjmp in a recursive function (each frame its own
 * buffer), and a longjmp that lands after the function returned once
 * normally. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf top;
static volatile int landed;

static void deep(int n, int code) {
    if (n == 0) longjmp(top, code);
    deep(n - 1, code);
}

static int recurse(int n) {
    jmp_buf here;
    volatile int result = n;
    if (setjmp(here) != 0) return result + 100;
    if (n > 0) result += recurse(n - 1);
    if (n == 2) longjmp(here, 7);
    return result;
}

int main(void) {
    volatile int i;
    volatile int sum = 0;
    setjmp(top);                    /* result discarded */
    landed++;
    if (landed < 3) deep(landed, 5);
    for (i = 0; i < 6; i++) {
        int code = setjmp(top);
        if (code == 0 && i % 2 == 0) deep(i, i == 4 ? 0 : i + 1);
        sum += code;
    }
    printf("landed %d sum %d\n", landed, sum);
    printf("recurse %d\n", recurse(4));
    return 0;
}
