/* A small bytecode VM with tagged-union values, a constant pool and call frames. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef enum { V_NIL, V_INT, V_DBL, V_STR, V_BOOL } VType;
typedef struct {
    VType t;
    union { long i; double d; const char *s; int b; } u;
} Value;

typedef enum {
    OP_CONST, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_LT, OP_EQ, OP_NOT, OP_JMP, OP_JF, OP_LOAD, OP_STORE,
    OP_PRINT, OP_CALL, OP_RET, OP_POP, OP_HALT, OP_DUP
} Op;

static const char *const opnames[] = { "CONST", "ADD", "SUB", "MUL", "DIV", "LT", "EQ", "NOT", "JMP", "JF", "LOAD", "STORE",
                                       "PRINT", "CALL", "RET", "POP", "HALT", "DUP" };

typedef struct { int ret_pc; int base; } Frame;

static Value stack[256];
static int sp;
static Frame frames[64];
static int fp;
static long executed[18];

#define PUSH(v) (stack[sp++] = (v))
#define POP() (stack[--sp])
#define MKINT(x) { V_INT, { .i = (x) } }
#define SETINT(r, x) mk(r, V_INT, (double)(x), (long)(x), NULL)

static void mk(Value *out, VType t, double d, long i, const char *s) {
    Value v;
    memset(&v, 0, sizeof v);
    v.t = t;
    switch (t) {
    case V_INT: v.u.i = i; break;
    case V_DBL: v.u.d = d; break;
    case V_STR: v.u.s = s; break;
    case V_BOOL: v.u.b = i != 0; break;
    case V_NIL: break;
    }
    *out = v;
}

static double as_dbl(const Value *v) { return v->t == V_DBL ? v->u.d : (double)v->u.i; }

static int truthy(const Value *v) {
    switch (v->t) {
    case V_NIL: return 0;
    case V_BOOL: return v->u.b;
    case V_INT: return v->u.i != 0;
    case V_DBL: return v->u.d != 0.0;
    case V_STR: return v->u.s[0] != 0;
    }
    return 0;
}

static void print_value(const Value *v) {
    switch (v->t) {
    case V_NIL: printf("nil"); break;
    case V_INT: printf("%ld", v->u.i); break;
    case V_DBL: printf("%.6g", v->u.d); break;
    case V_STR: printf("\"%s\"", v->u.s); break;
    case V_BOOL: printf(v->u.b ? "true" : "false"); break;
    }
}

static void arith(Value *r, Op op, const Value *a, const Value *b) {
    if (a->t == V_INT && b->t == V_INT) {
        long x = a->u.i, y = b->u.i;
        switch (op) {
        case OP_ADD: { SETINT(r, x + y); return; }
        case OP_SUB: { SETINT(r, x - y); return; }
        case OP_MUL: { SETINT(r, x * y); return; }
        case OP_DIV: { if (y) SETINT(r, x / y); else mk(r, V_NIL, 0, 0, NULL); return; }
        case OP_LT: { mk(r, V_BOOL, 0, x < y, NULL); return; }
        case OP_EQ: { mk(r, V_BOOL, 0, x == y, NULL); return; }
        default: break;
        }
    }
    if (a->t == V_STR || b->t == V_STR) {
        if (op == OP_EQ) { mk(r, V_BOOL, 0, a->t == b->t && strcmp(a->u.s, b->u.s) == 0, NULL); return; }
        { mk(r, V_NIL, 0, 0, NULL); return; }
    }
    double x = as_dbl(a), y = as_dbl(b);
    switch (op) {
    case OP_ADD: { mk(r, V_DBL, x + y, 0, NULL); return; }
    case OP_SUB: { mk(r, V_DBL, x - y, 0, NULL); return; }
    case OP_MUL: { mk(r, V_DBL, x * y, 0, NULL); return; }
    case OP_DIV: { mk(r, V_DBL, x / y, 0, NULL); return; }
    case OP_LT: { mk(r, V_BOOL, 0, x < y, NULL); return; }
    case OP_EQ: { mk(r, V_BOOL, 0, x == y, NULL); return; }
    default: { mk(r, V_NIL, 0, 0, NULL); return; }
    }
}

static void run(const int *code, const Value *consts, int trace) {
    int pc = 0;
    sp = 0; fp = 0;
    frames[0].base = 0; frames[0].ret_pc = -1;
    for (;;) {
        Op op = (Op)code[pc++];
        executed[op]++;
        if (trace) printf("  %3d %-5s sp=%d\n", pc - 1, opnames[op], sp);
        switch (op) {
        case OP_CONST: PUSH(consts[code[pc++]]); break;
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_LT: case OP_EQ: {
            Value b = POP(), a = POP();
            Value r;
            arith(&r, op, &a, &b);
            PUSH(r);
            break;
        }
        case OP_NOT: { Value a = POP(), r; mk(&r, V_BOOL, 0, !truthy(&a), NULL); PUSH(r); break; }
        case OP_JMP: pc = code[pc]; break;
        case OP_JF: { int tgt = code[pc++]; Value c = POP(); if (!truthy(&c)) pc = tgt; break; }
        case OP_LOAD: { int slot = code[pc++]; PUSH(stack[frames[fp].base + slot]); break; }
        case OP_STORE: { int slot = code[pc++]; stack[frames[fp].base + slot] = POP(); break; }
        case OP_DUP: { Value t = stack[sp - 1]; PUSH(t); break; }
        case OP_PRINT: { Value v = POP(); printf("  out: "); print_value(&v); putchar('\n'); break; }
        case OP_CALL: {
            int target = code[pc++], nargs = code[pc++];
            fp++;
            frames[fp].ret_pc = pc;
            frames[fp].base = sp - nargs;
            pc = target;
            break;
        }
        case OP_RET: {
            Value r = POP();
            sp = frames[fp].base;
            pc = frames[fp].ret_pc;
            fp--;
            PUSH(r);
            break;
        }
        case OP_POP: sp--; break;
        case OP_HALT: return;
        }
    }
}

int main(void) {
    Value consts[] = { MKINT(0), MKINT(1), MKINT(10), { V_DBL, { .d = 2.5 } }, { V_STR, { .s = "hello" } }, MKINT(2),
                       { .t = V_STR, .u.s = "hello" }, { V_DBL, { .d = 0.1 } }, MKINT(7) };
    /* main: i = 0; while (i < 10) { print(fib(i)); i = i + 1 } ; print misc */
    int code[] = {
        /* 0 */ OP_CONST, 0,            /* local 0 = i */
        /* 2 */ OP_LOAD, 0, OP_CONST, 2, OP_LT, OP_JF, 21,
        /* 9 */ OP_LOAD, 0, OP_CALL, 40, 1, OP_PRINT,
        /* 15 */ OP_LOAD, 0, OP_CONST, 1, OP_ADD, OP_STORE, 0, OP_JMP, 2,
        /* placeholder fixups below */
    };
    int prog[128];
    int n = 0;
    memcpy(prog, code, sizeof code);
    n = (int)(sizeof code / sizeof code[0]);
    /* the code above has JMP target at index 23 and JF target at 8: fix layout */
    prog[8] = n;         /* exit of loop */
    prog[12] = 100;      /* fib address, patched below */
    int tail[] = { OP_CONST, 3, OP_CONST, 7, OP_MUL, OP_PRINT,
                   OP_CONST, 4, OP_CONST, 6, OP_EQ, OP_PRINT,
                   OP_CONST, 8, OP_CONST, 5, OP_DIV, OP_PRINT,
                   OP_CONST, 8, OP_CONST, 0, OP_DIV, OP_PRINT,
                   OP_CONST, 0, OP_NOT, OP_PRINT, OP_CONST, 4, OP_PRINT, OP_HALT };
    memcpy(prog + n, tail, sizeof tail);
    n += (int)(sizeof tail / sizeof tail[0]);
    /* fib(n): if (n < 2) return n; return fib(n-1) + fib(n-2) */
    int fib_at = n;
    int fib[] = { OP_LOAD, 0, OP_CONST, 5, OP_LT, OP_JF, 0 /*patch*/, OP_LOAD, 0, OP_RET,
                  OP_LOAD, 0, OP_CONST, 1, OP_SUB, OP_CALL, 0 /*patch*/, 1,
                  OP_LOAD, 0, OP_CONST, 5, OP_SUB, OP_CALL, 0 /*patch*/, 1, OP_ADD, OP_RET };
    fib[6] = fib_at + 10;
    fib[16] = fib_at;
    fib[24] = fib_at;
    memcpy(prog + n, fib, sizeof fib);
    n += (int)(sizeof fib / sizeof fib[0]);
    prog[12] = fib_at;
    printf("program size %d words, fib at %d\n", n, fib_at);
    run(prog, consts, 0);
    for (int i = 0; i < 18; i++)
        if (executed[i]) printf("%-5s x%ld\n", opnames[i], executed[i]);
    memset(executed, 0, sizeof executed);
    int small[] = { OP_CONST, 1, OP_CONST, 3, OP_ADD, OP_DUP, OP_PRINT, OP_CONST, 4, OP_ADD, OP_PRINT, OP_HALT };
    run(small, consts, 1);
    return 0;
}
