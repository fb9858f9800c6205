#include <stdio.h>
#include <string.h>

union Value { int i; double d; char s[8]; };

enum Kind { K_INT, K_DOUBLE, K_STR };
struct Tagged { enum Kind kind; union Value v; };

static void show(const struct Tagged *t) {
    switch (t->kind) {
    case K_INT: printf("int %d\n", t->v.i); break;
    case K_DOUBLE: printf("double %g\n", t->v.d); break;
    case K_STR: printf("str %s\n", t->v.s); break;
    }
}

union Bytes { unsigned int word; unsigned char b[4]; unsigned short h[2]; };

int main(void) {
    printf("%zu %zu\n", sizeof(union Value), sizeof(struct Tagged));
    struct Tagged items[3];
    items[0].kind = K_INT; items[0].v.i = -42;
    items[1].kind = K_DOUBLE; items[1].v.d = 3.25;
    items[2].kind = K_STR; strcpy(items[2].v.s, "union");
    for (int i = 0; i < 3; i++) show(&items[i]);
    union Bytes u;
    u.word = 0xA1B2C3D4u;
    printf("%x %x %x %x\n", u.b[0], u.b[1], u.b[2], u.b[3]);
    printf("%x %x\n", u.h[0], u.h[1]);
    u.b[0] = 0xFF;
    printf("%x\n", u.word);
    u.h[1] = 0;
    printf("%x\n", u.word);
    union Value v = {7};
    printf("%d\n", v.i);
    union Value *pv = &v;
    pv->d = 1.5;
    printf("%g\n", v.d);
    union { long l; int i[2]; } li;
    li.l = 0;
    li.i[1] = 1;
    printf("%ld\n", li.l);
    union Bytes arr[2];
    arr[0].word = 1;
    arr[1] = arr[0];
    printf("%u %d\n", arr[1].word, arr[1].b[0]);
    printf("%td\n", (char *)&v.d - (char *)&v.s);
    struct S { int tag; union { int x; float y; } u; } s;
    s.tag = 1;
    s.u.x = 123;
    printf("%d %d\n", s.tag, s.u.x);
    return 0;
}
