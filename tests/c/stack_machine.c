#include <stdio.h>

/* A tiny stack-machine interpreter: enum opcodes, struct instructions, a switch dispatch
   loop, a data stack, a return stack for CALL/RET and a small variable store. */

enum Op { PUSH, ADD, SUB, MUL, DIV, MOD, LT, DUP, SWAP, OVER, DROP, JZ, JMP, CALL, RET, LOAD, STORE, PRINT, HALT };

struct Instr { enum Op op; long arg; };

static long stack[256];
static int sp;
static int rstack[64];
static int rsp;
static long vars[8];

static void push(long v) { stack[sp++] = v; }
static long pop(void) { return stack[--sp]; }

static int run(const struct Instr *prog) {
    int pc = 0, steps = 0;
    sp = 0;
    rsp = 0;
    for (;;) {
        const struct Instr *in = &prog[pc++];
        long a, b;
        steps++;
        switch (in->op) {
        case PUSH: push(in->arg); break;
        case ADD: b = pop(); a = pop(); push(a + b); break;
        case SUB: b = pop(); a = pop(); push(a - b); break;
        case MUL: b = pop(); a = pop(); push(a * b); break;
        case DIV: b = pop(); a = pop(); push(a / b); break;
        case MOD: b = pop(); a = pop(); push(a % b); break;
        case LT: b = pop(); a = pop(); push(a < b); break;
        case DUP: a = pop(); push(a); push(a); break;
        case SWAP: b = pop(); a = pop(); push(b); push(a); break;
        case OVER: b = pop(); a = pop(); push(a); push(b); push(a); break;
        case DROP: sp--; break;
        case JZ: if (pop() == 0) pc = (int)in->arg; break;
        case JMP: pc = (int)in->arg; break;
        case CALL: rstack[rsp++] = pc; pc = (int)in->arg; break;
        case RET: pc = rstack[--rsp]; break;
        case LOAD: push(vars[in->arg]); break;
        case STORE: vars[in->arg] = pop(); break;
        case PRINT: printf("%ld ", pop()); break;
        case HALT: return steps;
        }
    }
}

int main(void) {
    static const struct Instr gcd[] = {
        {PUSH, 1071}, {PUSH, 462},
        {DUP, 0}, {JZ, 8},                 /* 2: while b != 0 */
        {SWAP, 0}, {OVER, 0}, {MOD, 0}, {JMP, 2},
        {DROP, 0}, {PRINT, 0}, {HALT, 0},  /* 8 */
    };
    static const struct Instr count[] = {
        {PUSH, 0},
        {DUP, 0}, {PRINT, 0}, {PUSH, 1}, {ADD, 0},   /* 1 */
        {DUP, 0}, {PUSH, 8}, {LT, 0}, {JZ, 10}, {JMP, 1},
        {DROP, 0}, {HALT, 0},                         /* 10 */
    };
    static const struct Instr fact[] = {
        {PUSH, 1}, {PUSH, 15},            /* acc n */
        {DUP, 0}, {JZ, 8},                /* 2: while n != 0 */
        {CALL, 11},                       /* 4: acc*n n */
        {PUSH, 1}, {SUB, 0}, {JMP, 2},
        {DROP, 0}, {PRINT, 0}, {HALT, 0}, /* 8 */
        /* 11: ( acc n -- acc*n n ) */
        {SWAP, 0}, {OVER, 0}, {MUL, 0}, {SWAP, 0}, {RET, 0},
    };
    static const struct Instr fib[] = {
        {PUSH, 0}, {STORE, 0}, {PUSH, 1}, {STORE, 1}, {PUSH, 15}, {STORE, 2},
        {LOAD, 2}, {JZ, 22},                                     /* 6 */
        {LOAD, 0}, {PRINT, 0},                                   /* 8 */
        {LOAD, 0}, {LOAD, 1}, {ADD, 0}, {LOAD, 1}, {STORE, 0}, {STORE, 1},
        {LOAD, 2}, {PUSH, 1}, {SUB, 0}, {STORE, 2}, {JMP, 6}, {HALT, 0},
        {HALT, 0},                                               /* 22 */
    };
    static const struct Instr arith[] = {
        {PUSH, 7}, {PUSH, -3}, {DIV, 0}, {PRINT, 0},
        {PUSH, -7}, {PUSH, 3}, {MOD, 0}, {PRINT, 0},
        {PUSH, 6}, {PUSH, 7}, {MUL, 0}, {PUSH, 2}, {SUB, 0}, {PRINT, 0},
        {PUSH, 3}, {PUSH, 5}, {LT, 0}, {PUSH, 5}, {PUSH, 3}, {LT, 0}, {ADD, 0}, {PRINT, 0},
        {HALT, 0},
    };
    const struct Instr *progs[] = {gcd, count, fact, fib, arith};
    const char *names[] = {"gcd", "count", "fact", "fib", "arith"};
    for (int i = 0; i < 5; i++) {
        int steps = run(progs[i]);
        printf("| %s steps=%d sp=%d\n", names[i], steps, sp);
    }
    return 0;
}
