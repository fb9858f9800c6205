/* A program with two "instrumented" functions whose counters it bumps by
 * hand. Usage: counting N [MODE]: calls work() N times, then
 *   (no MODE) returns 0 from main;
 *   deep      calls exit(7) from 20 nested calls of down();
 *   _exit     ends with _exit(0), which loses the profile. */
#include "nisse_abi.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

NISSE_FUNCTION(main, 0x1111, 2, 1, 2, 3);
NISSE_FUNCTION(work, 0x2222, 3, 4);
NISSE_FUNCTION(down, 0x3333, 1, 5, 6);

static void work(int i) {
    nisse_cnt_work[i % 3]++;
}

static void down(int depth) {
    nisse_cnt_down[0]++;
    if (depth == 0)
        exit(7);
    down(depth - 1);
}

int main(int argc, char **argv) {
    nisse_cnt_main[0]++;
    int n = argc > 1 ? atoi(argv[1]) : 0;
    for (int i = 0; i < n; i++) {
        nisse_cnt_main[1]++;
        work(i);
    }
    /* No newline: the runtime must flush stdio before it writes. */
    printf("done %d", n);
    if (argc > 2 && strcmp(argv[2], "deep") == 0)
        down(19);
    if (argc > 2 && strcmp(argv[2], "_exit") == 0) {
        fflush(stdout);
        _exit(0);
    }
    return 0;
}
