#include <stdio.h>

struct Shape;
struct ShapeOps {
    const char *name;
    double (*area)(const struct Shape *);
    double (*perimeter)(const struct Shape *);
};
struct Shape { const struct ShapeOps *ops; double a, b; };

static double rect_area(const struct Shape *s) { return s->a * s->b; }
static double rect_perim(const struct Shape *s) { return 2 * (s->a + s->b); }
static double circ_area(const struct Shape *s) { return 3.0 * s->a * s->a; }
static double circ_perim(const struct Shape *s) { return 6.0 * s->a; }
static double tri_area(const struct Shape *s) { return s->a * s->b / 2; }

static const struct ShapeOps rect_ops = {"rect", rect_area, rect_perim};
static const struct ShapeOps circ_ops = {"circle", circ_area, circ_perim};
static const struct ShapeOps tri_ops = {"triangle", tri_area, 0};

struct Command { const char *name; int (*fn)(int); };
static int inc(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int sq(int x) { return x * x; }
static int neg(int x) { return -x; }

static struct Command commands[] = {{"inc", inc}, {"dbl", dbl}, {"sq", sq}, {"neg", neg}, {0, 0}};

struct Machine { int acc; int (*step)(struct Machine *, int); };
static int machine_add(struct Machine *m, int v) { m->acc += v; return m->acc; }
static int machine_mul(struct Machine *m, int v) { m->acc *= v; return m->acc; }

int main(void) {
    struct Shape shapes[3] = {{&rect_ops, 3, 4}, {&circ_ops, 2, 0}, {&tri_ops, 6, 5}};
    for (int i = 0; i < 3; i++) {
        const struct Shape *s = &shapes[i];
        printf("%s area=%g", s->ops->name, s->ops->area(s));
        if (s->ops->perimeter) printf(" perim=%g", s->ops->perimeter(s));
        printf("\n");
    }
    int v = 3;
    for (struct Command *c = commands; c->name; c++) {
        v = c->fn(v);
        printf("%s->%d ", c->name, v);
    }
    printf("\n");
    struct Machine m = {1, machine_add};
    for (int i = 1; i <= 5; i++) {
        m.step(&m, i);
        m.step = (i % 2) ? machine_mul : machine_add;
    }
    printf("acc=%d\n", m.acc);
    struct Machine *pm = &m;
    pm->step = machine_add;
    printf("%d\n", pm->step(pm, 1000));
    printf("%d\n", (*pm->step)(pm, 1));
    return 0;
}
