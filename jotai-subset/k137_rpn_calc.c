// inputs: 0 1 2 3  tags: switch, pointer-walk, exit, stack, double, early-return, interpreter
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Evaluate a whitespace-separated RPN program over doubles.
   Operators: + - * / neg dup swap drop sum (pops all).  A stack underflow is a fatal
   interpreter error: it prints a diagnostic and terminates the process with exit(3).
   Returns the number of values left on the stack (copied to out). */
int rpn_eval(const char *prog, double *out, int out_cap)
{
    double st[64];
    int sp = 0;
    const char *p = prog;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *tok = p;
        while (*p && *p != ' ') p++;
        int len = (int)(p - tok);
        int need = 0;
        char op = 0;
        if ((tok[0] >= '0' && tok[0] <= '9') || (tok[0] == '.' && len > 1)) {
            double v = 0.0, scale = 0.0;
            for (int i = 0; i < len; i++) {
                if (tok[i] == '.') { scale = 1.0; continue; }
                v = v * 10.0 + (tok[i] - '0');
                if (scale != 0.0) scale *= 10.0;
            }
            if (scale != 0.0) v /= scale;
            if (sp == 64) return -1;
            st[sp++] = v;
            continue;
        }
        if (len == 1) { op = tok[0]; need = 2; }
        else if (len == 3 && strncmp(tok, "neg", 3) == 0) { op = 'n'; need = 1; }
        else if (len == 3 && strncmp(tok, "dup", 3) == 0) { op = 'd'; need = 1; }
        else if (len == 4 && strncmp(tok, "swap", 4) == 0) { op = 's'; need = 2; }
        else if (len == 4 && strncmp(tok, "drop", 4) == 0) { op = 'x'; need = 1; }
        else if (len == 3 && strncmp(tok, "sum", 3) == 0) { op = 'S'; need = 0; }
        else return -2;
        if (sp < need) {
            printf("rpn: stack underflow at offset %d ('%.*s')\n", (int)(tok - prog), len, tok);
            exit(3);
        }
        switch (op) {
        case '+': st[sp - 2] += st[sp - 1]; sp--; break;
        case '-': st[sp - 2] -= st[sp - 1]; sp--; break;
        case '*': st[sp - 2] *= st[sp - 1]; sp--; break;
        case '/': st[sp - 2] /= st[sp - 1]; sp--; break;
        case 'n': st[sp - 1] = -st[sp - 1]; break;
        case 'd':
            if (sp == 64) return -1;
            st[sp] = st[sp - 1];
            sp++;
            break;
        case 's': { double t = st[sp - 1]; st[sp - 1] = st[sp - 2]; st[sp - 2] = t; break; }
        case 'x': sp--; break;
        case 'S': {
            double s = 0.0;
            while (sp > 0) s += st[--sp];
            st[sp++] = s;
            break;
        }
        default:
            return -2;
        }
    }
    int n = sp < out_cap ? sp : out_cap;
    for (int i = 0; i < n; i++) out[i] = st[i];
    return sp;
}

static void t(const char *prog)
{
    double out[8];
    int n = rpn_eval(prog, out, 8);
    printf("'%s' -> %d:", prog, n);
    for (int i = 0; i < n && i < 8; i++) printf(" %.4f", out[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("");
        t("   ");
        break;
    case 1:
        t("3 4 + 2 *");
        t("1 2 3 4 5 sum .5 *");
        t("10 3 / dup * neg");
        t("1 2 swap - 7 8 drop");
        break;
    case 2:
        t("1 2 ^");
        t("5 1 2 3 + + + 4");
        t("2 3 + *");          /* underflow: fatal, exits with status 3 */
        t("never reached");
        break;
    case 3: {
        char buf[4096];
        int k = 0, depth = 0;
        unsigned seed = 23u;
        for (int i = 0; i < 400 && k < 4000; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 10;
            if (depth < 2 || r < 4) { k += sprintf(buf + k, "%u.%u ", (seed >> 20) % 50, (seed >> 8) % 10); depth++; }
            else if (r < 8) { buf[k++] = "+-*+"[r - 4]; buf[k++] = ' '; depth--; }
            else if (r == 8) { k += sprintf(buf + k, "swap "); }
            else { k += sprintf(buf + k, "neg "); }
        }
        buf[k] = '\0';
        t("1 2 3 sum");
        double out[8];
        int n = rpn_eval(buf, out, 8);
        printf("random program: %d values, first=%.6f\n", n, n > 0 ? out[0] : 0.0);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
