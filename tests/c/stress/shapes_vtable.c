/* Object-oriented C: vtables, "inheritance" by struct embedding, dispatch through function pointers. */
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>

struct Shape;
typedef double area_fn(const struct Shape *);
typedef void describe_fn(const struct Shape *, char *, size_t);

struct ShapeVT {
    const char *kind;
    area_fn *area;
    area_fn *perimeter;
    describe_fn *describe;
    void (*scale)(struct Shape *, double);
};

struct Shape { const struct ShapeVT *vt; int id; };
struct Circle { struct Shape base; double r; };
struct Rect { struct Shape base; double w, h; };
struct Poly { struct Shape base; int n; double xs[8], ys[8]; };

#define CONTAINER_OF(ptr, type) ((type *)(void *)((char *)(ptr) - offsetof(type, base)))
#include <stddef.h>

static double circle_area(const struct Shape *s) { const struct Circle *c = (const struct Circle *)s; return M_PI * c->r * c->r; }
static double circle_perim(const struct Shape *s) { return 2 * M_PI * ((const struct Circle *)s)->r; }
static void circle_desc(const struct Shape *s, char *b, size_t n) { snprintf(b, n, "circle r=%.2f", ((const struct Circle *)s)->r); }
static void circle_scale(struct Shape *s, double k) { CONTAINER_OF(s, struct Circle)->r *= k; }

static double rect_area(const struct Shape *s) { const struct Rect *r = (const struct Rect *)s; return r->w * r->h; }
static double rect_perim(const struct Shape *s) { const struct Rect *r = (const struct Rect *)s; return 2 * (r->w + r->h); }
static void rect_desc(const struct Shape *s, char *b, size_t n) {
    const struct Rect *r = (const struct Rect *)s;
    snprintf(b, n, "%s %.2fx%.2f", r->w == r->h ? "square" : "rect", r->w, r->h);
}
static void rect_scale(struct Shape *s, double k) { struct Rect *r = CONTAINER_OF(s, struct Rect); r->w *= k; r->h *= k; }

static double poly_area(const struct Shape *s) {
    const struct Poly *p = (const struct Poly *)s;
    double a = 0;
    for (int i = 0, j = p->n - 1; i < p->n; j = i++) a += (p->xs[j] + p->xs[i]) * (p->ys[j] - p->ys[i]);
    return fabs(a) / 2;
}
static double poly_perim(const struct Shape *s) {
    const struct Poly *p = (const struct Poly *)s;
    double t = 0;
    for (int i = 0; i < p->n; i++) {
        int j = (i + 1) % p->n;
        t += hypot(p->xs[j] - p->xs[i], p->ys[j] - p->ys[i]);
    }
    return t;
}
static void poly_desc(const struct Shape *s, char *b, size_t n) {
    const struct Poly *p = (const struct Poly *)s;
    int w = snprintf(b, n, "poly[%d]", p->n);
    for (int i = 0; i < p->n && (size_t)w < n; i++) w += snprintf(b + w, n - (size_t)w, " (%g,%g)", p->xs[i], p->ys[i]);
}
static void poly_scale(struct Shape *s, double k) {
    struct Poly *p = (struct Poly *)s;
    for (int i = 0; i < p->n; i++) { p->xs[i] *= k; p->ys[i] *= k; }
}

static const struct ShapeVT circle_vt = { "circle", circle_area, circle_perim, circle_desc, circle_scale };
static const struct ShapeVT rect_vt = { .kind = "rect", .area = rect_area, .perimeter = rect_perim, .describe = rect_desc, .scale = rect_scale };
static const struct ShapeVT poly_vt = { "poly", poly_area, poly_perim, poly_desc, poly_scale };

static int next_id = 1;
static struct Shape *new_circle(double r) {
    struct Circle *c = malloc(sizeof *c);
    c->base.vt = &circle_vt; c->base.id = next_id++; c->r = r;
    return &c->base;
}
static struct Shape *new_rect(double w, double h) {
    struct Rect *r = malloc(sizeof *r);
    r->base.vt = &rect_vt; r->base.id = next_id++; r->w = w; r->h = h;
    return &r->base;
}
static struct Shape *new_poly(int n, const double *xy) {
    struct Poly *p = calloc(1, sizeof *p);
    p->base.vt = &poly_vt; p->base.id = next_id++; p->n = n;
    for (int i = 0; i < n; i++) { p->xs[i] = xy[2 * i]; p->ys[i] = xy[2 * i + 1]; }
    return &p->base;
}

static int by_area(const void *a, const void *b) {
    const struct Shape *x = *(struct Shape *const *)a, *y = *(struct Shape *const *)b;
    double ax = x->vt->area(x), ay = y->vt->area(y);
    return (ax > ay) - (ax < ay);
}

int main(void) {
    static const double tri[] = { 0, 0, 4, 0, 0, 3 };
    static const double hex[] = { 1, 0, 0.5, 0.866, -0.5, 0.866, -1, 0, -0.5, -0.866, 0.5, -0.866 };
    static const double lshape[] = { 0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3 };
    struct Shape *shapes[] = { new_circle(1.0), new_rect(3, 4), new_poly(3, tri), new_rect(2.5, 2.5), new_poly(6, hex),
                               new_circle(0.25), new_poly(6, lshape) };
    const int n = (int)(sizeof shapes / sizeof shapes[0]);
    char buf[160];
    double total = 0;
    for (int i = 0; i < n; i++) {
        struct Shape *s = shapes[i];
        s->vt->describe(s, buf, sizeof buf);
        double a = s->vt->area(s), p = (*s->vt->perimeter)(s);
        total += a;
        printf("#%d %-7s area=%9.4f perim=%9.4f ratio=%.4f  %s\n", s->id, s->vt->kind, a, p, a / (p * p), buf);
    }
    printf("total area %.4f\n", total);
    for (int i = 0; i < n; i++) shapes[i]->vt->scale(shapes[i], i % 2 ? 2.0 : 0.5);
    qsort(shapes, (size_t)n, sizeof shapes[0], by_area);
    for (int i = 0; i < n; i++) {
        shapes[i]->vt->describe(shapes[i], buf, sizeof buf);
        printf("sorted %d: #%d %.4f %s\n", i, shapes[i]->id, shapes[i]->vt->area(shapes[i]), buf);
    }
    int counts[3] = { 0 };
    for (int i = 0; i < n; i++) {
        const struct ShapeVT *vt = shapes[i]->vt;
        counts[vt == &circle_vt ? 0 : vt == &rect_vt ? 1 : 2]++;
    }
    printf("circles=%d rects=%d polys=%d\n", counts[0], counts[1], counts[2]);
    for (int i = 0; i < n; i++) free(shapes[i]);
    return 0;
}
