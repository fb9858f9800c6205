/* A floating constant that ends with its point, `0.`, before `&&`, as
 * David Gay's dtoa writes `if (ds < 0. && ds != k)`: the `&&` is the
 * logical operator, not GNU's label address `&&label`. */
#include <stdio.h>

int main(void) {
    double values[] = {-2.5, -3.0, 0.0, 1.75};
    for (int i = 0; i < 4; i++) {
        double ds = values[i];
        int k = (int)ds;
        if (ds < 0. && ds != k)
            k--;
        int big = ds > 1. && ds < 2.;
        printf("%d %d\n", k, big);
    }
    return 0;
}
