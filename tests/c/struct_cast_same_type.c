/* A cast of a struct or union to its own type, which GCC accepts and
 * QuickJS writes everywhere (`(JSValue)v`, where `JSValueConst` is a
 * typedef of `JSValue`): the value is unchanged and is not an lvalue. */
#include <stdio.h>

typedef struct { long tag; union { int i; double d; } u; } Value;
typedef Value ValueConst;
typedef union { int i; float f; } Bits;

static Value dup(ValueConst v) {
    v.tag++;
    return (Value)v;
}

static int tag_of(ValueConst v) { return (int)v.tag; }

int main(void) {
    Value a = {1, {.i = 7}};
    Value b = dup((ValueConst)a);
    const Value c = b;
    Bits u = {.i = 5};
    Bits w = (Bits)u;
    Value arr[2] = {(Value)a, (Value)c};
    printf("%ld %ld %d %d %d %zu\n", a.tag, b.tag, tag_of((Value)c), ((Value)b).u.i, w.i, sizeof((Value)a));
    printf("%ld %ld\n", arr[0].tag, arr[1].tag);
    return 0;
}
