#include <stdio.h>

static const char *op_name(char c) {
    switch (c) {
    case '+': return "plus";
    case '-': return "minus";
    case '*': return "times";
    case '/': return "div";
    case '\n': return "newline";
    case '\0': return "nul";
    default: return "?";
    }
}

static int on_long(long v) {
    switch (v) {
    case 1L << 40: return 1;
    case -(1L << 40): return 2;
    case 0x7fffffffffffffffL: return 3;
    case 5: return 4;
    default: return 0;
    }
}

static int on_uchar(unsigned char c) {
    switch (c) {
    case 255: return 1;
    case 128: return 2;
    case 0: return 3;
    }
    return 0;
}

static int on_schar(signed char c) {
    switch (c) {
    case -1: return 1;
    case -128: return 2;
    case 127: return 3;
    }
    return 0;
}

enum E { E_A = -5, E_B = 0, E_C = 5 };

static int on_enum(enum E e) {
    switch (e) {
    case E_A: return 100;
    case E_B: return 200;
    case E_C: return 300;
    }
    return 0;
}

int main(void) {
    const char *ops = "+-*/x\n";
    for (int i = 0; i < 7; i++) printf("%s ", op_name(ops[i]));
    printf("\n");
    long ls[] = {1L << 40, -(1L << 40), 0x7fffffffffffffffL, 5, 6, 1L << 41};
    for (int i = 0; i < 6; i++) printf("%d", on_long(ls[i]));
    printf("\n");
    printf("%d %d %d %d\n", on_uchar(255), on_uchar((unsigned char)-128), on_uchar(0), on_uchar(1));
    printf("%d %d %d %d\n", on_schar(-1), on_schar((signed char)128), on_schar(127), on_schar(0));
    printf("%d %d %d\n", on_enum(E_A), on_enum(E_B), on_enum(E_C));
    short s = -300;
    switch (s) { case -300: printf("short -300\n"); break; default: printf("bad\n"); }
    unsigned long long ull = 18446744073709551615ULL;
    switch (ull) { case 18446744073709551615ULL: printf("ull max\n"); break; default: printf("bad\n"); }
    int x = 3;
    switch (x * 2 + 1) { case 7: printf("expr 7\n"); break; case 6: printf("bad\n"); }
    switch (x) { case 1 + 2: printf("const expr case\n"); break; }
    return 0;
}
