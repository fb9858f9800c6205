/* Multi-file test "registry".
   Build: compile all .c files of this directory and link them together, e.g.
       nissecc main.c registry.c shapes.c -o registry   (reference: gcc *.c -lm)
   Covers: a const array of structs holding function pointers defined in shapes.c and
   read here through extern, calls through those pointers across files, static functions
   named `square` in two files with different signatures. */
#include <stdio.h>
#include "registry.h"

int main(void) {
    printf("kinds=%d\n", num_shape_kinds);
    for (int i = 0; i < num_shape_kinds; i++)
        printf("%s/%d ", shape_kinds[i].name, shape_kinds[i].nparams);
    printf("\n");
    static const char *const names[] = {"rect", "circle", "hexagon", "triangle", "box", "circle"};
    static const double params[][3] = {{3, 4}, {2}, {1, 1, 1}, {6, 5}, {1, 2, 3}, {0.5}};
    for (int i = 0; i < 6; i++) {
        const struct ShapeKind *k = lookup_kind(names[i]);
        if (k) printf("%s: %g\n", names[i], k->area(params[i]));
        else printf("%s: unknown\n", names[i]);
    }
    printf("total=%g\n", total_area(names, params, 6));
    printf("calls=%d\n", registry_calls());
    area_fn f = lookup_kind("box")->area;
    double cube[3] = {2, 2, 2};
    printf("cube=%g same=%d\n", f(cube), f == shape_kinds[3].area);
    return 0;
}
