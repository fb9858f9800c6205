/* A program's own function named setjmp, returning nothing: it is no
   <setjmp.h> setjmp, but compilers go by the name and take its calls to
   return twice (gcc.c-torture/compile/pr59919 declares one). Profiling
   leaves the caller uninstrumented rather than reading a result that is
   not there. */
#include <stdio.h>

struct state {
    int marks;
    int buf[10];
};

static int calls;

void setjmp(int *buf) {
    buf[0] = ++calls;
}

static void mark(int *marks) {
    *marks += 10;
}

void remember(struct state *s, int rounds) {
    for (int i = 0; i < rounds; i++) {
        setjmp(s->buf);
        if (s->buf[0] % 2)
            mark(&s->marks);
    }
}

int main(void) {
    struct state s = {0};
    remember(&s, 5);
    printf("%d %d %d\n", s.marks, s.buf[0], calls);
    return 0;
}
