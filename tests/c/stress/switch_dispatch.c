/* Switch-heavy code: dense jump tables, sparse cases, 64-bit and negative case labels, nested switches. */
#include <stdio.h>
#include <stdint.h>
#include <limits.h>

enum Opcode { NOP = 0, LOAD = 1, STORE = 2, ADD = 3, SUB = 4, MUL = 5, DIV = 6, JMP = 7, JZ = 8, CALL = 9, RET = 10,
              PUSH = 11, POP = 12, HALT = 255 };

static const char *opname(int op) {
    switch (op) {
    case NOP: return "nop";
    case LOAD: return "load";
    case STORE: return "store";
    case ADD: return "add";
    case SUB: return "sub";
    case MUL: return "mul";
    case DIV: return "div";
    case JMP: return "jmp";
    case JZ: return "jz";
    case CALL: return "call";
    case RET: return "ret";
    case PUSH: return "push";
    case POP: return "pop";
    case HALT: return "halt";
    default: return "???";
    }
}

static int classify_char(char c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
    case ' ': case '\t': case '\n': return 2;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': return 3;
    case -23: return 4;   /* 0xE9 as signed char */
    case (char)0xFF: return 5;
    default: return 0;
    }
}

static const char *big_switch(long long v) {
    switch (v) {
    case 0: return "zero";
    case -1: return "minus one";
    case 4294967296LL: return "2^32";
    case 4294967295LL: return "2^32-1";
    case LLONG_MIN: return "llong_min";
    case LLONG_MAX: return "llong_max";
    case 1LL << 40: return "2^40";
    case -(1LL << 40): return "-2^40";
    case 1000000007: return "prime";
    default: return "other";
    }
}

static int unsigned_switch(unsigned v) {
    switch (v) {
    case 0x80000000u: return 1;
    case 0xFFFFFFFFu: return 2;
    case 0x7FFFFFFFu: return 3;
    case 1u: return 4;
    default: return v % 5 == 0 ? 5 : 0;
    }
}

static int http_class(int code) {
    switch (code / 100) {
    case 1: return 'I';
    case 2:
        switch (code) {
        case 200: return 'O';
        case 204: return 'N';
        default: return 'S';
        }
    case 3: return 'R';
    case 4:
        if (code == 404) return 'F';
        /* fallthrough */
    case 5: return 'E';
    default: return '?';
    }
}

static int fallthrough_sum(int n) {
    int s = 0;
    switch (n) {
    default: s += 1000;
    /* fallthrough */
    case 5: s += 5;
    /* fallthrough */
    case 4: s += 4;
    /* fallthrough */
    case 3: s += 3; break;
    case 2: s += 2;
    /* fallthrough */
    case 1: s += 1;
    }
    return s;
}

static int loop_with_switch(const char *s) {
    int depth = 0, maxd = 0, errors = 0;
    for (; *s; s++) {
        switch (*s) {
        case '(': case '[': case '{':
            if (++depth > maxd) maxd = depth;
            continue;
        case ')': case ']': case '}':
            if (--depth < 0) { errors++; depth = 0; }
            break;
        case '#':
            goto done;
        default:
            continue;
        }
    }
done:
    return maxd * 100 + depth * 10 + errors;
}

int main(void) {
    for (int op = -1; op <= 14; op++) printf("%d:%s ", op, opname(op));
    printf("255:%s\n", opname(255));
    const char sample[] = "hi 42\t\xe9\xff!";
    for (const char *p = sample; *p; p++) printf("%d", classify_char(*p));
    putchar('\n');
    long long probes[] = { 0, -1, 4294967296LL, 4294967295LL, LLONG_MIN, LLONG_MAX, 1LL << 40, -(1LL << 40), 1000000007, 12345 };
    for (size_t i = 0; i < sizeof probes / sizeof *probes; i++) printf("%lld => %s\n", probes[i], big_switch(probes[i]));
    unsigned up[] = { 0x80000000u, 0xFFFFFFFFu, 0x7FFFFFFFu, 1, 25, 26 };
    for (size_t i = 0; i < sizeof up / sizeof *up; i++) printf("%u:%d ", up[i], unsigned_switch(up[i]));
    putchar('\n');
    int codes[] = { 100, 200, 204, 201, 301, 404, 403, 500, 600, 99 };
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) printf("%d=%c ", codes[i], http_class(codes[i]));
    putchar('\n');
    for (int n = 0; n <= 6; n++) printf("ft(%d)=%d ", n, fallthrough_sum(n));
    putchar('\n');
    const char *exprs[] = { "(a[b]{c})", "((())", "())(", "{[()()]}#)))", "" };
    for (size_t i = 0; i < sizeof exprs / sizeof *exprs; i++) printf("'%s' -> %d\n", exprs[i], loop_with_switch(exprs[i]));
    /* switch on enum used as table index, sum of dense switch over a range */
    long acc = 0;
    for (int i = 0; i < 1000; i++) {
        switch (i % 16) {
        case 0: acc += i; break;
        case 1: acc -= i / 2; break;
        case 2: acc ^= i; break;
        case 3: acc *= 3; acc %= 1000003; break;
        case 4: case 5: case 6: acc += 7; break;
        case 7: acc -= 1; /* fallthrough */
        case 8: acc += 2; break;
        case 13: acc <<= 1; break;
        case 15: acc >>= 1; break;
        default: acc++; break;
        }
    }
    printf("acc=%ld\n", acc);
    return 0;
}
