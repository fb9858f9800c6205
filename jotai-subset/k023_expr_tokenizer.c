// inputs: 0 1 2 3  tags: switch, state-machine, tokenizer, pointer-walk, string
#include <stdio.h>
#include <stdlib.h>

enum tok { T_NUM, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_ERR, T_COUNT };

/* Tokenizes s; fills counts[T_COUNT]; writes token kinds into kinds[] (max cap).
 * Returns number of tokens, or -1 at the first bad character. */
int tokenize(const char *s, int counts[T_COUNT], char *kinds, int cap)
{
    int n = 0;
    int k;
    for (k = 0; k < T_COUNT; k++)
        counts[k] = 0;
    while (*s) {
        enum tok t;
        switch (*s) {
        case ' ':
        case '\t':
            s++;
            continue;
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
            while (*s >= '0' && *s <= '9')
                s++;
            if (*s == '.') {
                s++;
                while (*s >= '0' && *s <= '9')
                    s++;
            }
            t = T_NUM;
            break;
        case '+': case '-': case '*': case '/': case '%': case '^':
            s++;
            t = T_OP;
            break;
        case '(':
            s++;
            t = T_LPAREN;
            break;
        case ')':
            s++;
            t = T_RPAREN;
            break;
        default:
            if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_') {
                while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_' ||
                       (*s >= '0' && *s <= '9'))
                    s++;
                t = T_IDENT;
            } else {
                counts[T_ERR]++;
                return -1;
            }
            break;
        }
        counts[t]++;
        if (n < cap)
            kinds[n] = "NIO()E"[t];
        n++;
    }
    if (n < cap)
        kinds[n] = '\0';
    else if (cap > 0)
        kinds[cap - 1] = '\0';
    return n;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int counts[T_COUNT];
    char kinds[64];
    const char *in[4] = {
        "",
        "3 + 4*x1",
        "(alpha_2 + 3.14) * (b - 7) / foo(12) ^ 2 % k",
        "a + b $ c"
    };
    if (opt < 0 || opt > 3)
        return 0;
    kinds[0] = '\0';
    int n = tokenize(in[opt], counts, kinds, 64);
    printf("n=%d kinds=%s\n", n, n >= 0 ? kinds : "-");
    printf("num=%d ident=%d op=%d lp=%d rp=%d err=%d\n", counts[T_NUM], counts[T_IDENT],
           counts[T_OP], counts[T_LPAREN], counts[T_RPAREN], counts[T_ERR]);
    return 0;
}
