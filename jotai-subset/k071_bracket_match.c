// inputs: 0 1 2 3 4  tags: switch, stack, early-return, string, pointer-walk
#include <stdio.h>
#include <stdlib.h>

/* Checks bracket balance ignoring characters inside "..." strings.
 * Returns -1 if balanced, else the offset of the first error. Also reports
 * the maximum nesting depth. */
int check_brackets(const char *s, int *maxdepth)
{
    char stack[64];
    int sp = 0, in_str = 0;
    const char *p;
    *maxdepth = 0;
    for (p = s; *p; p++) {
        if (in_str) {
            if (*p == '\\' && p[1] != '\0')
                p++;
            else if (*p == '"')
                in_str = 0;
            continue;
        }
        switch (*p) {
        case '"':
            in_str = 1;
            break;
        case '(':
        case '[':
        case '{':
            if (sp == 64)
                return (int)(p - s);
            stack[sp++] = *p;
            if (sp > *maxdepth)
                *maxdepth = sp;
            break;
        case ')':
            if (sp == 0 || stack[--sp] != '(')
                return (int)(p - s);
            break;
        case ']':
            if (sp == 0 || stack[--sp] != '[')
                return (int)(p - s);
            break;
        case '}':
            if (sp == 0 || stack[--sp] != '{')
                return (int)(p - s);
            break;
        default:
            break;
        }
    }
    if (sp != 0 || in_str)
        return (int)(p - s);
    return -1;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[5] = {
        "",
        "int f(int a[3]) { return g(a[0], \"(]\"); }",
        "{ [ ( ] ) }",
        "if (x) { y = \"unterminated",
        "((((((((((((((((((((x))))))))))))))))))))]"
    };
    int depth = 0;
    if (opt < 0 || opt > 4)
        return 0;
    int r = check_brackets(in[opt], &depth);
    printf("r=%d depth=%d\n", r, depth);
    return 0;
}
