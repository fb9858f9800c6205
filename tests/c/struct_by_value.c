/* Structs and unions passed to and returned from functions by value,
   including through function pointers and in nested calls. */
#include <stdio.h>
struct V { double x, y; };
struct Big { int a[10]; char name[8]; };
union U { int i; float f; };
typedef struct { char c; short s; } Small;

static struct V add(struct V a, struct V b) { struct V r = {a.x + b.x, a.y + b.y}; a.x = 99; return r; }
struct Big mk(int k) { struct Big b; for (int i = 0; i < 10; i++) b.a[i] = i * k; b.name[0] = 'A' + k; b.name[1] = 0; return b; }
int sum(struct Big b) { int s = 0; for (int i = 0; i < 10; i++) s += b.a[i]; b.a[0] = 1000; return s; }
static union U twice(union U u) { u.i *= 2; return u; }
static Small bump(Small s, int k) { s.c += k; s.s -= k; return s; }
static struct V scale(struct V v, double k) { v.x *= k; v.y *= k; return v; }

int main(void) {
    struct V p = {1, 2}, q = {3, 4};
    struct V r = add(p, q);
    printf("%g %g %g\n", r.x, r.y, p.x);
    struct Big b = mk(3);
    printf("%d %s %d %d\n", sum(b), b.name, b.a[0], sum(mk(2)));
    printf("%g\n", add(add(p, q), r).x);
    printf("%d %d\n", mk(4).a[7], twice(twice((union U){0}.i ? (union U){1} : (union U){21})).i);
    struct V (*op)(struct V, double) = scale;
    struct V s = op(r, 0.5);
    printf("%g %g\n", s.x, s.y);
    Small sm = {'a', 100};
    for (int i = 0; i < 3; i++) sm = bump(sm, i);
    printf("%c %d\n", sm.c, sm.s);
    struct V arr[3];
    for (int i = 0; i < 3; i++) arr[i] = scale(q, i);
    printf("%g %g %g\n", arr[0].x, arr[1].y, arr[2].x);
    return (int)arr[2].y;
}
