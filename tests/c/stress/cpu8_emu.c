/* A tiny 8-bit CPU: two-pass assembler from text, emulator with flags, and a disassembly listing. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
#include <ctype.h>

enum { R_A, R_B, R_C, R_D, NREG };
enum Mnem { M_MOV, M_MVI, M_ADD, M_SUB, M_AND, M_OR, M_XOR, M_INC, M_DEC, M_CMP, M_JMP, M_JZ, M_JNZ, M_JC, M_OUT, M_HLT,
            M_SHL, M_SHR, M_LD, M_ST, NMNEM };

static const struct { const char *name; int nops; } mtab[NMNEM] = {
    [M_MOV] = { "mov", 2 }, [M_MVI] = { "mvi", 2 }, [M_ADD] = { "add", 2 }, [M_SUB] = { "sub", 2 }, [M_AND] = { "and", 2 },
    [M_OR] = { "or", 2 },   [M_XOR] = { "xor", 2 }, [M_INC] = { "inc", 1 }, [M_DEC] = { "dec", 1 }, [M_CMP] = { "cmp", 2 },
    [M_JMP] = { "jmp", 1 }, [M_JZ] = { "jz", 1 },   [M_JNZ] = { "jnz", 1 }, [M_JC] = { "jc", 1 },   [M_OUT] = { "out", 1 },
    [M_HLT] = { "hlt", 0 }, [M_SHL] = { "shl", 1 }, [M_SHR] = { "shr", 1 }, [M_LD] = { "ld", 2 },   [M_ST] = { "st", 2 },
};

struct Label { char name[16]; int addr; };
static struct Label labels[32];
static int nlabels;
static uint8_t mem[256];

static int reg_index(const char *s) {
    if (strlen(s) == 1 && s[0] >= 'a' && s[0] <= 'd') return s[0] - 'a';
    return -1;
}

static int find_label(const char *s) {
    for (int i = 0; i < nlabels; i++)
        if (!strcmp(labels[i].name, s)) return labels[i].addr;
    return -1;
}

static int parse_operand(const char *s, int pass, int *is_reg) {
    int r = reg_index(s);
    if (r >= 0) { *is_reg = 1; return r; }
    *is_reg = 0;
    if (isdigit((unsigned char)s[0]) || s[0] == '-') return (int)strtol(s, NULL, 0) & 0xff;
    int a = find_label(s);
    if (a < 0 && pass == 2) printf("  undefined label %s\n", s);
    return a < 0 ? 0 : a;
}

static int assemble(const char *src, int pass) {
    char line[64];
    int pc = 0, lineno = 0;
    const char *p = src;
    while (*p) {
        int n = 0;
        while (*p && *p != '\n') { if (n < 63) line[n++] = *p; p++; }
        if (*p) p++;
        line[n] = 0;
        lineno++;
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        char *tok[4];
        int nt = 0;
        for (char *t = strtok(line, " \t,"); t && nt < 4; t = strtok(NULL, " \t,")) tok[nt++] = t;
        if (!nt) continue;
        size_t l0 = strlen(tok[0]);
        if (tok[0][l0 - 1] == ':') {
            tok[0][l0 - 1] = 0;
            if (pass == 1) { strcpy(labels[nlabels].name, tok[0]); labels[nlabels++].addr = pc; }
            for (int i = 1; i < nt; i++) tok[i - 1] = tok[i];
            nt--;
            if (!nt) continue;
        }
        int m;
        for (m = 0; m < NMNEM; m++) if (!strcmp(mtab[m].name, tok[0])) break;
        if (m == NMNEM) { if (pass == 2) printf("  line %d: unknown mnemonic '%s'\n", lineno, tok[0]); continue; }
        if (nt - 1 != mtab[m].nops) { if (pass == 2) printf("  line %d: bad operand count\n", lineno); continue; }
        int isr1 = 0, isr2 = 0;
        int o1 = nt > 1 ? parse_operand(tok[1], pass, &isr1) : 0;
        int o2 = nt > 2 ? parse_operand(tok[2], pass, &isr2) : 0;
        mem[pc++] = (uint8_t)m;
        if (mtab[m].nops >= 1) mem[pc++] = (uint8_t)o1;
        if (mtab[m].nops >= 2) mem[pc++] = (uint8_t)o2;
    }
    return pc;
}

static void run(int size, int max_steps) {
    uint8_t r[NREG] = { 0 };
    int pc = 0, zf = 0, cf = 0, steps = 0;
    printf("  output:");
    while (pc < size && steps++ < max_steps) {
        uint8_t op = mem[pc], a = mem[(pc + 1) & 0xff], b = mem[(pc + 2) & 0xff];
        int len = 1 + mtab[op].nops;
        unsigned res;
        switch ((enum Mnem)op) {
        case M_MOV: r[a] = r[b]; break;
        case M_MVI: r[a] = b; break;
        case M_ADD: res = (unsigned)r[a] + r[b]; cf = res > 0xff; r[a] = (uint8_t)res; zf = r[a] == 0; break;
        case M_SUB: cf = r[a] < r[b]; r[a] = (uint8_t)(r[a] - r[b]); zf = r[a] == 0; break;
        case M_AND: r[a] &= r[b]; zf = !r[a]; break;
        case M_OR: r[a] |= r[b]; zf = !r[a]; break;
        case M_XOR: r[a] ^= r[b]; zf = !r[a]; break;
        case M_INC: r[a]++; zf = !r[a]; break;
        case M_DEC: r[a]--; zf = !r[a]; break;
        case M_CMP: zf = r[a] == r[b]; cf = r[a] < r[b]; break;
        case M_JMP: pc = a; continue;
        case M_JZ: if (zf) { pc = a; continue; } break;
        case M_JNZ: if (!zf) { pc = a; continue; } break;
        case M_JC: if (cf) { pc = a; continue; } break;
        case M_OUT: printf(" %u", r[a]); break;
        case M_HLT: printf("\n  halted after %d steps, regs a=%u b=%u c=%u d=%u zf=%d cf=%d\n", steps, r[0], r[1], r[2], r[3], zf, cf); return;
        case M_SHL: cf = r[a] >> 7; r[a] = (uint8_t)(r[a] << 1); zf = !r[a]; break;
        case M_SHR: cf = r[a] & 1; r[a] >>= 1; zf = !r[a]; break;
        case M_LD: r[a] = mem[r[b]]; break;
        case M_ST: mem[r[b]] = r[a]; break;
        default: printf("\n  illegal opcode %u at %d\n", op, pc); return;
        }
        pc += len;
    }
    printf("\n  step limit reached\n");
}

static void listing(int size) {
    for (int pc = 0; pc < size;) {
        uint8_t op = mem[pc];
        printf("  %02x: %-4s", pc, op < NMNEM ? mtab[op].name : "???");
        for (int k = 1; k <= mtab[op].nops; k++) printf(" %3u", mem[pc + k]);
        putchar('\n');
        pc += 1 + mtab[op].nops;
    }
}

static const char *const progs[] = {
    "; fibonacci numbers below 255\n mvi a, 0\n mvi b, 1\nloop: out a\n mov c, a\n add c, b\n jc done\n mov a, b\n mov b, c\n jmp loop\ndone: hlt\n",
    "; multiply 13 * 11 by shift-add\n mvi a, 13\n mvi b, 11\n mvi c, 0\n mvi d, 0\nnext: mov d, b\n mvi d, 1\n and d, b\n jz skip\n add c, a\nskip: shl a\n shr b\n jnz next\n out c\n hlt\n",
    "; countdown with memory store\n mvi a, 5\n mvi b, 200\nl: st a, b\n inc b\n out a\n dec a\n jnz l\n mvi b, 202\n ld c, b\n out c\n hlt\n",
    "; errors\n mvi a\n frob a, b\n jmp nowhere\n hlt\n",
};

int main(void) {
    for (size_t i = 0; i < sizeof progs / sizeof *progs; i++) {
        printf("program %zu\n", i);
        memset(mem, 0, sizeof mem);
        nlabels = 0;
        assemble(progs[i], 1);
        int size = assemble(progs[i], 2);
        printf("  %d bytes, %d labels\n", size, nlabels);
        listing(size);
        run(size, 1000);
    }
    return 0;
}
