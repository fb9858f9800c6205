// inputs: 0 1 2 3 4  tags: parser, string, stacked-conditionals, early-return, pointer-walk
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>

/* Parses a decimal integer with optional whitespace and sign; clamps on
 * overflow.  Returns 0 on success, -1 when no digits, 1 when clamped. */
int parse_int(const char *s, int *out, const char **endp)
{
    const char *p = s;
    int neg = 0;
    long acc = 0;
    int any = 0;
    int clamped = 0;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    if (*p == '-') {
        neg = 1;
        p++;
    } else if (*p == '+') {
        p++;
    }
    if (*p < '0' || *p > '9') {
        *out = 0;
        *endp = s;
        return -1;
    }
    while (*p >= '0' && *p <= '9') {
        any = 1;
        if (!clamped) {
            acc = acc * 10 + (*p - '0');
            if (!neg && acc > INT_MAX) {
                acc = INT_MAX;
                clamped = 1;
            } else if (neg && acc > (long)INT_MAX + 1) {
                acc = (long)INT_MAX + 1;
                clamped = 1;
            }
        }
        p++;
    }
    *endp = p;
    if (!any)
        return -1;
    *out = neg ? (int)(-acc) : (int)acc;
    return clamped;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int v = 0;
    const char *end = NULL;
    const char *inputs[5][3] = {
        { "", "   ", "abc" },
        { "42", "  -17xyz", "+0" },
        { "99999999999", "-2147483648", "-99999999999999" },
        { "2147483647", "2147483648", "\t\n 123 456" },
        { "-", "+-5", "007" }
    };
    if (opt < 0 || opt > 4)
        return 0;
    int k;
    for (k = 0; k < 3; k++) {
        int r = parse_int(inputs[opt][k], &v, &end);
        printf("in=\"%s\" r=%d v=%d consumed=%d\n", inputs[opt][k], r, v,
               (int)(end - inputs[opt][k]));
    }
    return 0;
}
