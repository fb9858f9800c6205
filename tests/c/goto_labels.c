#include <stdio.h>

static int find_pair(int m[3][3], int target, int *ri, int *ci) {
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            if (m[r][c] == target) { *ri = r; *ci = c; goto found; }
    return 0;
found:
    return 1;
}

static int cleanup_style(int fail_at) {
    int state = 0;
    state |= 1;
    if (fail_at == 1) goto fail1;
    state |= 2;
    if (fail_at == 2) goto fail2;
    state |= 4;
    return state;
fail2:
    state &= ~2;
fail1:
    state &= ~1;
    return -100 - state;
}

int main(void) {
    int i = 0;
loop:
    printf("%d ", i);
    i++;
    if (i < 5) goto loop;
    printf("\n");
    int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    int r = -1, c = -1;
    printf("%d ", find_pair(m, 6, &r, &c));
    printf("%d %d\n", r, c);
    printf("%d\n", find_pair(m, 10, &r, &c));
    printf("%d %d %d\n", cleanup_style(0), cleanup_style(1), cleanup_style(2));
    int n = 0;
    goto skip;
    n = 100;
skip:
    n += 1;
    printf("%d\n", n);
    int x = 0;
back:
    if (x < 3) { x++; goto back; }
    printf("x=%d\n", x);
    int state = 0, steps = 0;
s0:
    steps++;
    if (state++ < 2) goto s1;
    goto done;
s1:
    steps += 10;
    goto s0;
done:
    printf("steps=%d state=%d\n", steps, state);
    {
        int y = 5;
    inner:
        y--;
        if (y > 0) goto inner;
        printf("y=%d\n", y);
    }
    return 0;
}
