/* Loops whose edge counters are promoted to registers (counter
   promotion): recursion into the same loop, nested loops with several
   exits (break, return, goto), two loops one after the other (the exit of
   one enters the next), and a loop that calls a function that may not
   return, which keeps its counters in memory. Every count must equal the
   naive, unpromoted path profile's. */
#include <stdio.h>
#include <stdlib.h>

static int depth_sum(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0)
            s += depth_sum(n / 2);
        else
            s += i;
    }
    return s;
}

static int find_pair(const int *a, int n, int target) {
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (a[i] + a[j] == target)
                return i * 100 + j;
            if (a[j] < 0)
                break;
            if (a[i] > 1000)
                goto give_up;
        }
    }
    return -1;
give_up:
    return -2;
}

static int two_loops(int n) {
    int s = 0, i = 0;
    while (i < n && s < 500) {
        s += i;
        i++;
    }
    while (i > 0) {
        if (i & 1)
            s -= 1;
        i--;
    }
    return s;
}

static void stop_at(int i, int limit) {
    if (i == limit) {
        printf("stopping at %d\n", i);
        exit(0);
    }
}

int main(void) {
    int a[20];
    for (int i = 0; i < 20; i++)
        a[i] = (i * 7) % 13 - (i == 15 ? 20 : 0);
    printf("%d\n", depth_sum(40));
    printf("%d %d %d\n", find_pair(a, 20, 19), find_pair(a, 20, 100), find_pair(a, 20, 5));
    printf("%d %d\n", two_loops(10), two_loops(100));
    int t = 0;
    for (int i = 0; i < 100; i++) {
        t += i % 7;
        if (t % 5 == 0)
            t++;
        stop_at(i, 60);
    }
    printf("unreachable %d\n", t);
    return 0;
}
