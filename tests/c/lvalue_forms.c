#include <stdio.h>

struct Inner { int v[3]; };
struct Outer { struct Inner in; struct Inner *pin; int n; };

static int g;
static int *gp(void) { return &g; }

int main(void) {
    struct Inner inner = {{1, 2, 3}};
    struct Outer o = {{{4, 5, 6}}, &inner, 0};
    struct Outer *po = &o;
    o.in.v[1] = 50;
    po->in.v[2] += 60;
    po->pin->v[0] *= 10;
    (*po->pin).v[1] = -2;
    o.pin->v[2]++;
    printf("%d %d %d | %d %d %d\n", o.in.v[0], o.in.v[1], o.in.v[2], inner.v[0], inner.v[1], inner.v[2]);
    *gp() = 5;
    *gp() += 1;
    (*gp())++;
    printf("%d\n", g);
    int a[4] = {0};
    int *p = a;
    *p++ = 1;
    *p++ = 2;
    *(p + 1) = 4;
    p[0] = 3;
    printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
    int i = 1;
    a[i + 1] = 30;
    (a + 1)[2] = 40;
    *&a[0] = 10;
    printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
    int m[2][2];
    m[0][0] = 1; *m[1] = 3; *(*m + 1) = 2; (*(m + 1))[1] = 4;
    printf("%d %d %d %d\n", m[0][0], m[0][1], m[1][0], m[1][1]);
    int x, y;
    int *px = &x;
    *(i ? px : &y) = 7;
    y = 8;
    printf("%d %d\n", x, y);
    struct Outer arr[2];
    arr[1].n = 0;
    arr[1].in.v[0] = 9;
    (arr + 1)->n += 3;
    printf("%d %d\n", arr[1].n, arr[1].in.v[0]);
    char s[] = "lvalue";
    *s = 'L';
    s[sizeof s - 2] = 'E';
    printf("%s\n", s);
    int **pp = &px;
    **pp = 70;
    printf("%d\n", x);
    return 0;
}
