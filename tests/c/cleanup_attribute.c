/* `__attribute__((cleanup(f)))`, as systemd, GLib's g_autofree and
 * many C code bases use it for scope-bound resources: `f(&var)` runs
 * when the variable's scope is left, by the end of its block, `break`,
 * `continue`, `return` (after the returned value is computed) or a
 * `goto` out of the block, in reverse order of declaration, and not for
 * scopes a jump stays inside. The attribute was an `unsupported:` error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char trace[512];

static void note(const char *what) {
    strcat(trace, what);
    strcat(trace, " ");
}

static void release_int(int *p) {
    char text[32];
    snprintf(text, sizeof text, "~%d", *p);
    note(text);
}

static void free_buffer(char **p) {
    note(*p ? *p : "(null)");
    free(*p);
}

struct lock { const char *name; int held; };

static void unlock(struct lock **l) {
    (*l)->held = 0;
    note((*l)->name);
}

#define auto_int __attribute__((cleanup(release_int))) int
#define autofree __attribute__((cleanup(free_buffer))) char *

static int blocks(void) {
    auto_int a = 1;
    {
        auto_int b = 2;
        auto_int c = 3;
        note("inner");
    }
    auto_int d = 4;
    note("outer");
    return a + d;
}

static int returned_value(void) {
    auto_int counter = 10;
    /* The value is computed before the cleanup runs. */
    return counter++ * 2;
}

static int loops(void) {
    int sum = 0;
    for (int i = 0; i < 5; i++) {
        auto_int item = 100 + i;
        if (i == 1)
            continue;
        if (i == 3)
            break;
        sum += item;
    }
    int n = 0;
    while (1) {
        auto_int w = 200 + n;
        if (++n == 2)
            break;
    }
    do {
        auto_int once = 300;
        sum += once;
    } while (0);
    return sum;
}

static int switches(int k) {
    switch (k) {
    case 1: {
        auto_int s = 401;
        note("one");
        break;
    }
    default: {
        auto_int s = 402;
        if (k > 5)
            return k;
        note("other");
    }
    }
    return 0;
}

static int gotos(int fail) {
    struct lock l = { "unlocked", 1 };
    {
        __attribute__((cleanup(unlock))) struct lock *held = &l;
        autofree buffer = malloc(16);
        strcpy(buffer, "buffer");
        if (fail)
            goto error;
        note("worked");
    }
    note("after");
    return l.held;
error:
    note("error");
    return -l.held;
}

static int backward_goto(void) {
    int rounds = 0;
again:
    {
        auto_int r = 500 + rounds;
        if (++rounds < 3)
            goto again;
    }
    return rounds;
}

static int statement_expression(void) {
    int v = ({ auto_int tmp = 600; tmp + 1; });
    note("after-expr");
    return v;
}

/* The attribute written after the `*` belongs to the variable too. */
static size_t pointer_position(void) {
    char *__attribute__((cleanup(free_buffer))) text = malloc(8);
    strcpy(text, "pointer");
    return strlen(text);
}

static void flush(const char *name) {
    printf("%s: %s\n", name, trace);
    trace[0] = 0;
}

int main() {
    int r = blocks();
    printf("blocks %d\n", r);
    flush("blocks");
    r = returned_value();
    printf("returned %d\n", r);
    flush("returned");
    r = loops();
    printf("loops %d\n", r);
    flush("loops");
    r = switches(1);
    r += switches(2);
    r += switches(9);
    printf("switches %d\n", r);
    flush("switches");
    r = gotos(0);
    r = r * 10 + gotos(1);
    printf("gotos %d\n", r);
    flush("gotos");
    printf("backward %d\n", backward_goto());
    flush("backward");
    printf("statement expression %d\n", statement_expression());
    flush("statement expression");
    printf("pointer position %zu\n", pointer_position());
    flush("pointer position");
    {
        autofree empty = NULL;
    }
    flush("null");
    return 0;
}
