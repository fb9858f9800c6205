/* GNU "labels as values" as threaded-code interpreters (CPython's ceval,
 * Lua, Ruby, many Forths and emulators) use them: a static table of label
 * addresses, "goto *table[op]", a table of label differences that is
 * position independent, and a switch-based twin to check the results. */
#include <stdio.h>

enum { OP_PUSH, OP_MULN, OP_ADDN, OP_DEC, OP_DUP, OP_JNZ, OP_POP, OP_HALT };

/* stack [acc n]: MULN/ADDN fold n into acc, DEC decrements n */
static const int fact10[] = { OP_PUSH, 1, OP_PUSH, 10, OP_MULN, OP_DEC, OP_DUP, OP_JNZ, 4,
                              OP_POP, OP_HALT };
static const int sum100[] = { OP_PUSH, 0, OP_PUSH, 100, OP_ADDN, OP_DEC, OP_DUP, OP_JNZ, 4,
                              OP_POP, OP_HALT };

static long run_threaded(const int *pc, long *steps)
{
    static void *const dispatch[] = { &&do_push, &&do_muln, &&do_addn, &&do_dec, &&do_dup,
                                      &&do_jnz, &&do_pop, &&do_halt };
    long stack[16], *sp = stack;
    const int *start = pc;
#define NEXT do { ++*steps; goto *dispatch[*pc++]; } while (0)
    NEXT;
do_push: *sp++ = *pc++; NEXT;
do_muln: sp[-2] *= sp[-1]; NEXT;
do_addn: sp[-2] += sp[-1]; NEXT;
do_dec:  sp[-1]--; NEXT;
do_dup:  sp[0] = sp[-1]; sp++; NEXT;
do_jnz:  if (*--sp) pc = start + *pc; else pc++; NEXT;
do_pop:  sp--; NEXT;
do_halt: return sp > stack ? sp[-1] : -1;
#undef NEXT
}

static long run_switch(const int *pc, long *steps)
{
    long stack[16], *sp = stack;
    const int *start = pc;
    for (;;) {
        ++*steps;
        switch (*pc++) {
        case OP_PUSH: *sp++ = *pc++; break;
        case OP_MULN: sp[-2] *= sp[-1]; break;
        case OP_ADDN: sp[-2] += sp[-1]; break;
        case OP_DEC: sp[-1]--; break;
        case OP_DUP: sp[0] = sp[-1]; sp++; break;
        case OP_JNZ: if (*--sp) pc = start + *pc; else pc++; break;
        case OP_POP: sp--; break;
        case OP_HALT: return sp > stack ? sp[-1] : -1;
        }
    }
}

/* position-independent table: offsets from a base label */
static int classify(int c)
{
    static const int offsets[] = { &&digit - &&base, &&alpha - &&base, &&space - &&base,
                                   &&other - &&base };
    int k = (c >= '0' && c <= '9') ? 0 : ((c | 32) >= 'a' && (c | 32) <= 'z') ? 1 : c == ' ' ? 2 : 3;
    goto *(&&base + offsets[k]);
base:
    return -1;
digit:
    return c - '0';
alpha:
    return 100 + (c | 32) - 'a';
space:
    return 1000;
other:
    return 2000 + c;
}

/* a label address kept in a variable and jumped to later */
static int state_machine(const char *s)
{
    void *state = &&start;
    int words = 0;
    for (;; s++) {
        goto *state;
    start:
        if (!*s) return words;
        if (*s != ' ') { words++; state = &&in_word; }
        continue;
    in_word:
        if (!*s) return words;
        if (*s == ' ') state = &&start;
    }
}

int main(void)
{
    long s1 = 0, s2 = 0, r1, r2;
    const char *text = "Az 9 ~ q";
    int i;
    r1 = run_threaded(fact10, &s1);
    r2 = run_switch(fact10, &s2);
    printf("threaded=%ld steps=%ld switch=%ld steps=%ld\n", r1, s1, r2, s2);
    r1 = run_threaded(sum100, &s1);
    r2 = run_switch(sum100, &s2);
    printf("threaded=%ld steps=%ld switch=%ld steps=%ld\n", r1, s1, r2, s2);
    for (i = 0; text[i]; i++)
        printf("%d ", classify(text[i]));
    printf("\nwords %d %d %d\n", state_machine("  the quick  brown fox "), state_machine(""),
           state_machine("x"));
    return 0;
}
