/* setjmp/longjmp: a retry loop, nested handlers on a stack of jmp_bufs
 * (as Lua and other interpreters do their error handling), and
 * sigsetjmp/siglongjmp. Locals not modified between setjmp and longjmp
 * keep their values. */
#include <stdio.h>
#include <setjmp.h>
#include <string.h>

static jmp_buf env;
static int depth;

static void fail(int code) { depth++; longjmp(env, code); }

static int risky(int x) {
    if (x % 3 == 0) fail(x);
    return x * 2;
}

struct handler { jmp_buf jb; struct handler *prev; int status; };
static struct handler *top;

static void throw_(int status) { top->status = status; longjmp(top->jb, 1); }

static int protected_call(int (*f)(int), int arg, int *result) {
    struct handler h;
    h.prev = top; h.status = 0; top = &h;
    if (setjmp(h.jb) == 0) {
        *result = f(arg);
    }
    top = h.prev;
    return h.status;
}

static int thrower(int x) { if (x > 5) throw_(x * 10); return x + 1; }
static int nested(int x) { int r; int s = protected_call(thrower, x + 4, &r); return s ? -s : r; }

int main() {
    int total = 0, i;
    volatile int attempts = 0;
    for (i = 0; i < 10; i++) {
        int code = setjmp(env);
        attempts++;
        if (code == 0) total += risky(i);
        else total += 1000 * code;
    }
    printf("total %d depth %d attempts %d\n", total, depth, (int)attempts);
    for (i = 0; i < 4; i++) {
        int r = 0;
        int s = protected_call(nested, i, &r);
        printf("%d: status %d result %d\n", i, s, r);
    }
    sigjmp_buf sj;
    int n = 0;
    if (sigsetjmp(sj, 1) < 3) { n++; siglongjmp(sj, n); }
    printf("sig %d\n", n);
    return 0;
}
