/* GCC's cast to a union type: `(union u) x` builds a union whose member of
 * x's type holds x. Written as real code uses it: passing a value as a
 * union argument, type punning a double, a struct member, a pointer, and
 * a union cast inside an initializer of a local. */
#include <stdio.h>
#include <string.h>

struct pair { short a, b; };
union number { int i; double d; unsigned long long bits; };
union anything { long l; char *s; struct pair p; };

static void show(union number n, const char *what) {
    if (strcmp(what, "int") == 0)
        printf("int %d\n", n.i);
    else
        printf("double %.3f bits %016llx\n", n.d, n.bits);
}

static long total(union anything x, int kind) {
    switch (kind) {
    case 0: return x.l;
    case 1: return (long)strlen(x.s);
    default: return x.p.a * 100 + x.p.b;
    }
}

int main() {
    int seven = 7;
    double half = 0.5;
    struct pair p = {3, 4};
    char text[] = "union";
    show((union number) seven, "int");
    show((union number) (seven * 6), "int");
    show((union number) half, "double");
    show((union number) -2.25, "double");
    union anything a = (union anything) 123456789L;
    printf("%ld %ld %ld\n", total(a, 0), total((union anything) text, 1), total((union anything) p, 2));
    printf("%zu\n", sizeof((union number) 1.0));
    return 0;
}
