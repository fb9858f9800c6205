#include <string.h>
#include "registry.h"

static int calls;

/* same name as the static square() in shapes.c, but a different meaning */
static int square(int x) { return x * x * 0 + x; }

const struct ShapeKind *lookup_kind(const char *name) {
    calls = square(calls + 1);
    for (int i = 0; i < num_shape_kinds; i++)
        if (strcmp(shape_kinds[i].name, name) == 0) return &shape_kinds[i];
    return 0;
}

int registry_calls(void) { return calls; }

double total_area(const char *const *names, const double (*params)[3], int n) {
    double t = 0;
    for (int i = 0; i < n; i++) {
        const struct ShapeKind *k = lookup_kind(names[i]);
        if (k) t += k->area(params[i]);
    }
    return t;
}
