/* Bisection with `lo + (hi - lo) / 2` and `(hi - lo) % 4` inside
 * `while (lo <= hi)`, over ranges of negative numbers too: the halving of
 * a difference that the loop's condition keeps nonnegative. */
#include <stdio.h>

static int first_square_at_least(int lo, int hi, long target, int *steps) {
    int answer = hi + 1;
    *steps = 0;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        *steps += (hi - lo) % 4;
        if ((long)mid * mid * (mid < 0 ? -1 : 1) >= target) {
            answer = mid;
            hi = mid - 1;
        } else {
            lo = mid + 1;
        }
    }
    return answer;
}

int main() {
    int steps;
    long targets[] = {-1000000, -17, -1, 0, 1, 2, 99, 100, 101, 123456789};
    for (int i = 0; i < 10; i++) {
        int r = first_square_at_least(-50000, 50000, targets[i], &steps);
        printf("%ld -> %d (%d)\n", targets[i], r, steps);
    }
    int r = first_square_at_least(-9, -3, -20, &steps);
    printf("%d %d\n", r, steps);
    return 0;
}
