/* GCC's extension: an object initialized by a compound literal of its own type is initialized as if by the literal's braced list, so a static one has a constant initializer (a macro for a constant struct value is the usual source). nissecc rejected these with "initializer element is not a compile-time constant" or "array initializer must be an initializer list or string literal". */
#include <stdio.h>

struct point { int x, y; };
struct segment { struct point from, to; const char *name; };
#define ORIGIN ((struct point){0, 0})
#define UNIT_X ((struct point){.x = 1})

static struct point origin = ORIGIN;
static const struct point unit_x = UNIT_X;
static struct point corners[] = { (struct point){1, 2}, ORIGIN, {.y = 7} };
static struct segment axis = { ORIGIN, (struct point){.x = 10, .y = 0}, "axis" };
static int primes[] = (int[]){2, 3, 5, 7};
static int padded[] = (int[6]){1, 2};
static char greeting[] = (char[]){"hello"};
int exported[3] = (int[3]){4, 5, 6};
static double scale = (double){2.5};

int main(void) {
    printf("%d %d %d %d\n", origin.x, origin.y, unit_x.x, unit_x.y);
    printf("%zu %d %d %d %d %d\n", sizeof corners / sizeof *corners, corners[0].x, corners[0].y, corners[1].x, corners[2].x, corners[2].y);
    printf("%d %d %d %s\n", axis.from.x, axis.to.x, axis.to.y, axis.name);
    printf("%zu %d %zu %d %d %zu %s %d\n", sizeof primes, primes[3], sizeof padded, padded[1], padded[5], sizeof greeting, greeting, exported[2]);
    printf("%g\n", scale);
    int n = 3;
    struct point local = (struct point){n, n * 2};
    struct segment moved = { local, (struct point){.y = n}, "moved" };
    printf("%d %d %d %d %s\n", local.x, local.y, moved.to.x, moved.to.y, moved.name);
    return 0;
}
