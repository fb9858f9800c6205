// inputs: 0 1 2 3  tags: switch, interpreter, state-machine, exit, while-loop
#include <stdio.h>
#include <stdlib.h>

enum op { OP_HALT, OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_SWAP, OP_JNZ, OP_DEC, OP_POP, OP_PRINT, OP_OVER };

/* Runs a tiny stack bytecode; dies on stack underflow/overflow. Returns top of
 * stack at HALT (or 0 if empty) and the number of executed instructions. */
long run_vm(const int *code, int len, long *steps_out)
{
    long stack[32];
    int sp = 0, pc = 0;
    long steps = 0;
    while (pc < len) {
        int op = code[pc++];
        steps++;
        switch (op) {
        case OP_HALT:
            pc = len;
            break;
        case OP_PUSH:
            if (sp >= 32) {
                printf("vm: stack overflow at pc=%d\n", pc - 1);
                exit(2);
            }
            stack[sp++] = code[pc++];
            break;
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_SWAP: {
            if (sp < 2) {
                printf("vm: stack underflow at pc=%d op=%d\n", pc - 1, op);
                exit(1);
            }
            long b = stack[--sp], a = stack[--sp];
            if (op == OP_ADD)
                stack[sp++] = (long)((unsigned long)a + (unsigned long)b);
            else if (op == OP_SUB)
                stack[sp++] = (long)((unsigned long)a - (unsigned long)b);
            else if (op == OP_MUL)
                stack[sp++] = (long)(((unsigned long)a * (unsigned long)b) & 0xffffffffUL);
            else {
                stack[sp++] = b;
                stack[sp++] = a;
            }
            break;
        }
        case OP_DUP:
            if (sp < 1 || sp >= 32) {
                printf("vm: bad dup at pc=%d\n", pc - 1);
                exit(1);
            }
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case OP_OVER:
            if (sp < 2 || sp >= 32) {
                printf("vm: bad over at pc=%d\n", pc - 1);
                exit(1);
            }
            stack[sp] = stack[sp - 2];
            sp++;
            break;
        case OP_DEC:
            if (sp < 1) {
                printf("vm: stack underflow at pc=%d op=%d\n", pc - 1, op);
                exit(1);
            }
            stack[sp - 1]--;
            break;
        case OP_JNZ: {
            int target = code[pc++];
            if (sp < 1) {
                printf("vm: stack underflow at pc=%d op=%d\n", pc - 2, op);
                exit(1);
            }
            if (stack[--sp] != 0)
                pc = target;
            break;
        }
        case OP_POP:
            if (sp > 0)
                sp--;
            break;
        case OP_PRINT:
            printf("vm: %ld\n", sp > 0 ? stack[sp - 1] : 0L);
            break;
        default:
            printf("vm: bad opcode %d\n", op);
            exit(5);
        }
    }
    *steps_out = steps;
    return sp > 0 ? stack[sp - 1] : 0;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    long steps = 0, r;
    switch (opt) {
    case 0: {
        int code[1] = { OP_HALT };
        r = run_vm(code, 1, &steps);
        break;
    }
    case 1: {
        int code[] = { OP_PUSH, 6, OP_PUSH, 7, OP_MUL, OP_PRINT, OP_PUSH, 2, OP_SUB, OP_HALT };
        r = run_vm(code, (int)(sizeof code / sizeof code[0]), &steps);
        break;
    }
    case 2: {
        int code[] = { OP_PUSH, 1, OP_ADD, OP_HALT };
        r = run_vm(code, 4, &steps);
        break;
    }
    case 3: {
        /* n = 60000; acc = 1; do { acc = (acc*3 mod 2^32) + n; n--; } while (n) */
        int code[] = { OP_PUSH, 60000, OP_PUSH, 1,
                       /* 4: */ OP_PUSH, 3, OP_MUL, OP_OVER, OP_ADD, OP_SWAP, OP_DEC,
                       OP_SWAP, OP_OVER, OP_JNZ, 4, OP_PRINT, OP_HALT };
        r = run_vm(code, (int)(sizeof code / sizeof code[0]), &steps);
        break;
    }
    default:
        return 0;
    }
    printf("result=%ld steps=%ld\n", r, steps);
    return 0;
}
