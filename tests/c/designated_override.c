/* A designated braced initializer (or a whole value) for an aggregate
   member overrides everything earlier initializers gave its parts, as in
   GCC; a designator for a single element overrides that element only.
   (A part designated after a whole value is left out: there GCC and
   Clang differ.) */
#include <stdio.h>

struct point { int x, y; };
struct rect { struct point a, b; int tags[4]; char name[6]; };
static struct rect g = { .a.x = 1, .a.y = 2, .a = { .y = 5 }, .tags[2] = 7, .tags = { [3] = 9 }, .tags[0] = 4, .name[4] = 'z', .name = "ab" };

int main(void) {
    printf("%d %d %d %d %d %d %s %d\n", g.a.x, g.a.y, g.tags[0], g.tags[1], g.tags[2], g.tags[3], g.name, g.name[4]);
    struct point p = { 3, 4 };
    struct rect l = { .b.y = 6, .b.x = 8, .b = p, .tags = { 1, 2, 3, 4 }, .tags[1] = 0 };
    printf("%d %d %d %d %d %d\n", l.b.x, l.b.y, l.tags[0], l.tags[1], l.tags[2], l.tags[3]);
    struct point ps[3] = { [0].x = 1, [1].y = 2, [0] = { .y = 3 }, [2].x = 7, [2] = p };
    for (int i = 0; i < 3; i++) printf("(%d,%d)", ps[i].x, ps[i].y);
    printf("\n");
    int m[2][3] = { [0][1] = 5, [1] = { 1 }, [0] = { [2] = 6 } };
    for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) printf("%d", m[i][j]);
    printf("\n");
    return 0;
}
