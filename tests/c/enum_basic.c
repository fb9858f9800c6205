#include <stdio.h>

enum Color { RED, GREEN, BLUE };
enum Flags { F_READ = 1, F_WRITE = 2, F_EXEC = 4, F_ALL = F_READ | F_WRITE | F_EXEC };
enum Mixed { A = 10, B, C = 5, D, E = -3, F, G = 'x', H };
enum Big { BIG = 0x7fffffff, NEG = -2147483647 - 1 };
typedef enum { NORTH, EAST, SOUTH, WEST } Dir;

static const char *color_name(enum Color c) {
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    }
    return "?";
}

static Dir turn_right(Dir d) { return (Dir)((d + 1) % 4); }

int main(void) {
    printf("%d %d %d\n", RED, GREEN, BLUE);
    printf("%d %d %d %d\n", F_READ, F_WRITE, F_EXEC, F_ALL);
    printf("%d %d %d %d %d %d %d %d\n", A, B, C, D, E, F, G, H);
    printf("%d %d\n", BIG, NEG);
    enum Color c = BLUE;
    printf("%s\n", color_name(c));
    c = GREEN;
    printf("%s %s\n", color_name(c), color_name(RED));
    for (enum Color i = RED; i <= BLUE; i++) printf("%s ", color_name(i));
    printf("\n");
    Dir d = NORTH;
    for (int i = 0; i < 6; i++) { printf("%d", d); d = turn_right(d); }
    printf("\n");
    int perms = F_READ | F_EXEC;
    printf("%d %d %d\n", (perms & F_READ) != 0, (perms & F_WRITE) != 0, (perms & F_EXEC) != 0);
    int arr[BLUE + 1] = {0};
    arr[GREEN] = 5;
    printf("%zu %d\n", sizeof(arr) / sizeof(arr[0]), arr[1]);
    printf("%zu\n", sizeof(enum Color));
    enum Color e = 2;
    printf("%d\n", e == BLUE);
    int x = RED + BLUE * 10;
    printf("%d\n", x);
    enum { LOCAL1 = 100, LOCAL2 } loc = LOCAL2;
    printf("%d\n", loc);
    printf("%d\n", E < 0);
    return 0;
}
