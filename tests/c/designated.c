#include <stdio.h>

struct Config { int width, height; const char *title; double scale; int flags[4]; };

struct Config cfg = {.title = "window", .height = 600, .width = 800, .flags = {[2] = 1}};
int sparse[10] = {[3] = 30, [7] = 70, 71, [1] = 10};
const char *names[] = {[2] = "two", [0] = "zero", [4] = "four"};
struct Config arr[3] = {[1] = {.width = 1, .scale = 0.5}, [2].title = "third"};
int grid[3][3] = {[1] = {[1] = 5}, [2][0] = 7};

int main(void) {
    printf("%d %d %s %g %d %d %d %d\n", cfg.width, cfg.height, cfg.title, cfg.scale,
           cfg.flags[0], cfg.flags[1], cfg.flags[2], cfg.flags[3]);
    for (int i = 0; i < 10; i++) printf("%d ", sparse[i]);
    printf("\n");
    printf("%zu\n", sizeof(names) / sizeof(names[0]));
    for (int i = 0; i < 5; i++) printf("%s ", names[i] ? names[i] : "-");
    printf("\n");
    for (int i = 0; i < 3; i++)
        printf("[%d %g %s]", arr[i].width, arr[i].scale, arr[i].title ? arr[i].title : "-");
    printf("\n");
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) printf("%d", grid[i][j]);
    printf("\n");
    struct Config local = {.scale = 2.5, .width = -1};
    int larr[5] = {[4] = 4, [0] = 1};
    printf("%d %d %g %d %d %d\n", local.width, local.height, local.scale, local.title == 0, larr[0], larr[4]);
    return 0;
}
