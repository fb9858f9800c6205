/* Stack-based RPN calculator with setjmp/longjmp error recovery (as in many interpreters). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <ctype.h>

#define STACK_MAX 16

enum Err { E_OK, E_UNDERFLOW, E_OVERFLOW, E_DIVZERO, E_BADTOKEN };
static const char *const err_names[] = { "ok", "stack underflow", "stack overflow", "division by zero", "bad token" };

typedef struct {
    long stack[STACK_MAX];
    int sp;
    jmp_buf on_error;
    char bad[16];
} VM;

static void raise_err(VM *vm, enum Err e) { longjmp(vm->on_error, (int)e); }

static void push(VM *vm, long v) {
    if (vm->sp >= STACK_MAX) raise_err(vm, E_OVERFLOW);
    vm->stack[vm->sp++] = v;
}

static long pop(VM *vm) {
    if (vm->sp <= 0) raise_err(vm, E_UNDERFLOW);
    return vm->stack[--vm->sp];
}

static void apply(VM *vm, const char *tok) {
    if (isdigit((unsigned char)tok[0]) || (tok[0] == '-' && isdigit((unsigned char)tok[1]))) {
        push(vm, strtol(tok, NULL, 10));
        return;
    }
    if (strlen(tok) == 1) {
        long b, a;
        switch (tok[0]) {
        case '+': b = pop(vm); a = pop(vm); push(vm, a + b); return;
        case '-': b = pop(vm); a = pop(vm); push(vm, a - b); return;
        case '*': b = pop(vm); a = pop(vm); push(vm, a * b); return;
        case '/': b = pop(vm); a = pop(vm); if (b == 0) raise_err(vm, E_DIVZERO); push(vm, a / b); return;
        case '%': b = pop(vm); a = pop(vm); if (b == 0) raise_err(vm, E_DIVZERO); push(vm, a % b); return;
        }
    }
    if (!strcmp(tok, "dup")) { long a = pop(vm); push(vm, a); push(vm, a); return; }
    if (!strcmp(tok, "swap")) { long b = pop(vm), a = pop(vm); push(vm, b); push(vm, a); return; }
    if (!strcmp(tok, "drop")) { (void)pop(vm); return; }
    snprintf(vm->bad, sizeof vm->bad, "%s", tok);
    raise_err(vm, E_BADTOKEN);
}

static int run_line(const char *line, long *result, int *tokens_done) {
    VM vm;
    char buf[128];
    volatile int count = 0;
    vm.sp = 0;
    snprintf(buf, sizeof buf, "%s", line);
    int e = setjmp(vm.on_error);
    if (e != 0) {
        *tokens_done = count;
        if (e == E_BADTOKEN) printf("    (bad token '%s')\n", vm.bad);
        return e;
    }
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        apply(&vm, tok);
        count++;
    }
    *tokens_done = count;
    *result = vm.sp > 0 ? vm.stack[vm.sp - 1] : 0;
    return vm.sp == 1 ? E_OK : E_UNDERFLOW;
}

int main(void) {
    static const char *const lines[] = {
        "1 2 +", "3 4 * 5 -", "10 3 /", "10 3 %", "-7 2 /", "1 0 /", "5 +", "2 dup * dup *",
        "1 2 swap -", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", "4 x +", "100 7 % 3 * 2 swap -",
        "9 drop", "6 7 8 drop drop", "1 2 3 + + 4 * 2 / 1 -",
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        long res = 0;
        int done = 0;
        int e = run_line(lines[i], &res, &done);
        if (e == E_OK) printf("%-45s = %ld (%d tokens)\n", lines[i], res, done);
        else { printf("%-45s ! %s after %d tokens\n", lines[i], err_names[e], done); failures++; }
    }
    printf("failures: %d\n", failures);
    return 0;
}
