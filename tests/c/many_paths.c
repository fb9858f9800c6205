/* A function whose acyclic paths outnumber 2^64 (72 independent branches
   in a row), called from a loop, and a loop with a switch that ends the
   program with exit() on a path it has not finished. Path profiling must
   truncate the first function's paths to keep path numbers in 64 bits,
   count the second one's open path at the exit() call, and still give
   exactly the edge profile that edge profiling measures. */
#include <stdio.h>
#include <stdlib.h>

#define STEP(k) if ((x >> ((k) % 61)) & 1u) acc = acc * 3u + (k); else acc ^= (k) * 7u;
#define STEP8(k) STEP(k) STEP(k + 1) STEP(k + 2) STEP(k + 3) STEP(k + 4) STEP(k + 5) STEP(k + 6) STEP(k + 7)

static unsigned long long mix(unsigned long long x) {
    unsigned long long acc = 1;
    STEP8(0) STEP8(8) STEP8(16) STEP8(24) STEP8(32) STEP8(40) STEP8(48) STEP8(56) STEP8(64)
    return acc;
}

static int walk(int rounds) {
    int state = 0;
    for (int i = 0; i < rounds; i++) {
        switch ((state + i) % 5) {
        case 0:
            state += 2;
            break;
        case 1:
        case 3:
            state = state * 3 % 17;
            break;
        case 2:
            if (i > 40) {
                printf("leaving from round %d in state %d\n", i, state);
                exit((state % 7 + 7) % 7);
            }
            state--;
            break;
        default:
            state ^= i;
        }
    }
    return state;
}

int main(void) {
    unsigned long long seed = 0x9e3779b97f4a7c15ull, sum = 0;
    for (int i = 0; i < 200; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        sum += mix(seed >> (i % 7));
    }
    printf("sum %llu\n", sum);
    printf("walk %d\n", walk(30));
    printf("walk %d\n", walk(100));
    return 0;
}
