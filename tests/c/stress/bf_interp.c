/* Brainf*ck interpreter with bracket precomputation, run-length optimisation and output capture. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

enum Op { OP_ADD, OP_MOVE, OP_OUT, OP_IN, OP_JZ, OP_JNZ, OP_CLEAR, OP_END };
struct Insn { enum Op op; int arg; };

#define TAPE 30000
#define MAXPROG 4096

static int compile(const char *src, struct Insn *code) {
    int n = 0, stack[256], sp = 0;
    for (const char *p = src; *p; p++) {
        switch (*p) {
        case '+': case '-': {
            int d = 0;
            while (*p == '+' || *p == '-') { d += *p == '+' ? 1 : -1; p++; }
            p--;
            code[n].op = OP_ADD; code[n].arg = d; n++;
            break;
        }
        case '>': case '<': {
            int d = 0;
            while (*p == '>' || *p == '<') { d += *p == '>' ? 1 : -1; p++; }
            p--;
            code[n].op = OP_MOVE; code[n].arg = d; n++;
            break;
        }
        case '.': code[n].op = OP_OUT; code[n].arg = 0; n++; break;
        case ',': code[n].op = OP_IN; code[n].arg = 0; n++; break;
        case '[':
            if (p[1] == '-' && p[2] == ']') { code[n].op = OP_CLEAR; code[n].arg = 0; n++; p += 2; break; }
            stack[sp++] = n;
            code[n].op = OP_JZ; n++;
            break;
        case ']':
            if (sp == 0) return -1;
            {
                int open = stack[--sp];
                code[n].op = OP_JNZ; code[n].arg = open;
                code[open].arg = n;
                n++;
            }
            break;
        default: break; /* comment */
        }
    }
    if (sp) return -2;
    code[n].op = OP_END;
    return n;
}

static long run(const struct Insn *code, char *out, size_t outcap, size_t *outlen) {
    static unsigned char tape[TAPE];
    memset(tape, 0, sizeof tape);
    unsigned char *ptr = tape;
    long steps = 0;
    *outlen = 0;
    for (const struct Insn *ip = code;; ip++) {
        steps++;
        switch (ip->op) {
        case OP_ADD: *ptr = (unsigned char)(*ptr + ip->arg); break;
        case OP_MOVE: ptr += ip->arg; break;
        case OP_OUT: if (*outlen + 1 < outcap) out[(*outlen)++] = (char)*ptr; break;
        case OP_IN: *ptr = 0; break;
        case OP_JZ: if (!*ptr) ip = code + ip->arg; break;
        case OP_JNZ: if (*ptr) ip = code + ip->arg; break;
        case OP_CLEAR: *ptr = 0; break;
        case OP_END: out[*outlen] = 0; return steps;
        }
    }
}

static const char *const programs[] = {
    /* hello world */
    "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++.",
    /* print 0-9 */
    "++++++++[>++++++<-]>>++++++++++[<.+>-]",
    /* squares up to 100ish (short version): prints digits of cells */
    "++++[>+++++<-]>[<+++++>-]+<+[>[>+>+<<-]++>>[<<+>>-]>>>[-]++>[-]+>>>+[[-]++++++>>>]<<<[[<++++++++<++>>-]+<.<[>----<-]<]<<[>>>>>[>>>[-]+++++++++<[>-<-]+++++++++>[-[<->-]+[<<<]]<[>+<-]>]<<-]<<-]",
    /* unbalanced */
    "[[]",
    "]",
    /* cell wraparound: 0 - 1 = 255, print as '\xff'? use 256 increments -> 0 then + 'A' */
    "-[--->+<]>-------.",
};

int main(void) {
    static struct Insn code[MAXPROG];
    char out[2048];
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        int n = compile(programs[i], code);
        printf("program %zu: ", i);
        if (n < 0) { printf("compile error %d\n", n); continue; }
        size_t len;
        long steps = run(code, out, sizeof out, &len);
        printf("%d insns, %ld steps, %zu bytes out\n", n, steps, len);
        for (size_t k = 0; k < len; k++) {
            unsigned char c = (unsigned char)out[k];
            if (c == '\n') fputs("\\n", stdout);
            else if (c < 32 || c > 126) printf("\\x%02x", c);
            else putchar(c);
        }
        putchar('\n');
        int hist[8] = {0};
        for (int k = 0; k < n; k++) hist[code[k].op]++;
        for (int k = 0; k < 7; k++) printf("%d%c", hist[k], k == 6 ? '\n' : ',');
    }
    return 0;
}
