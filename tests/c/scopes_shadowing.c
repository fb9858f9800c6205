#include <stdio.h>

int x = 1;
static int y = 2;

static int get_global_x(void) { return x; }

static int shadow_param(int x) {
    x *= 10;
    {
        int x = 5;
        x++;
        if (x != 6) return -1;
    }
    return x;
}

int main(void) {
    printf("%d %d\n", x, y);
    int x = 10;
    printf("%d %d\n", x, get_global_x());
    {
        int x = 20;
        printf("%d\n", x);
        {
            int x = 30;
            x++;
            printf("%d\n", x);
        }
        printf("%d\n", x);
        y = x + 1;
    }
    printf("%d %d\n", x, y);
    printf("%d\n", shadow_param(7));
    for (int x = 0; x < 2; x++) {
        int y = x * 100;
        printf("loop %d %d\n", x, y);
    }
    printf("%d %d\n", x, y);
    int total = 0;
    for (int i = 0; i < 3; i++) {
        int i2 = i;
        {
            int i = i2 * 2;
            total += i;
        }
    }
    printf("%d\n", total);
    {
        extern int x;
        printf("extern %d\n", x);
        x = 99;
    }
    printf("%d %d\n", x, get_global_x());
    int z = 1;
    {
        int w = z + 1;
        int z = w * 10;
        printf("%d %d\n", w, z);
    }
    printf("%d\n", z);
    return 0;
}
