// inputs: 0 1 2 3  tags: switch, state-machine, goto, pointer-walk, multi-exit, parser
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum tok { T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_COLON, T_COMMA, T_STRING, T_NUMBER,
           T_TRUE, T_FALSE, T_NULL, T_NTYPES };

/* Tokenise JSON text, counting tokens by type and tracking max nesting depth.
   Returns total tokens, or -(offset+1) at the first lexical error or bracket mismatch. */
int json_tokens(const char *s, int *counts, int *max_depth)
{
    char stack[64];
    int depth = 0, total = 0;
    const char *p = s;
    *max_depth = 0;
    for (int i = 0; i < T_NTYPES; i++) counts[i] = 0;
    while (*p) {
        int t;
        switch (*p) {
        case ' ': case '\t': case '\n': case '\r':
            p++;
            continue;
        case '{': case '[':
            if (depth == 64) goto fail;
            stack[depth++] = *p;
            if (depth > *max_depth) *max_depth = depth;
            t = (*p == '{') ? T_LBRACE : T_LBRACK;
            p++;
            break;
        case '}': case ']':
            if (depth == 0 || stack[depth - 1] != (*p == '}' ? '{' : '[')) goto fail;
            depth--;
            t = (*p == '}') ? T_RBRACE : T_RBRACK;
            p++;
            break;
        case ':': t = T_COLON; p++; break;
        case ',': t = T_COMMA; p++; break;
        case '"':
            p++;
            while (*p != '"') {
                if (*p == '\0') goto fail;
                if (*p == '\\') {
                    p++;
                    if (*p == '\0') goto fail;
                }
                p++;
            }
            p++;
            t = T_STRING;
            break;
        case 't':
            if (strncmp(p, "true", 4) != 0) goto fail;
            p += 4; t = T_TRUE; break;
        case 'f':
            if (strncmp(p, "false", 5) != 0) goto fail;
            p += 5; t = T_FALSE; break;
        case 'n':
            if (strncmp(p, "null", 4) != 0) goto fail;
            p += 4; t = T_NULL; break;
        default:
            if (*p == '-' || (*p >= '0' && *p <= '9')) {
                if (*p == '-') p++;
                if (!(*p >= '0' && *p <= '9')) goto fail;
                while (*p >= '0' && *p <= '9') p++;
                if (*p == '.') {
                    p++;
                    if (!(*p >= '0' && *p <= '9')) goto fail;
                    while (*p >= '0' && *p <= '9') p++;
                }
                if (*p == 'e' || *p == 'E') {
                    p++;
                    if (*p == '+' || *p == '-') p++;
                    if (!(*p >= '0' && *p <= '9')) goto fail;
                    while (*p >= '0' && *p <= '9') p++;
                }
                t = T_NUMBER;
                break;
            }
            goto fail;
        }
        counts[t]++;
        total++;
    }
    if (depth != 0) goto fail;
    return total;
fail:
    return -(int)(p - s) - 1;
}

static void show(const char *s)
{
    int counts[T_NTYPES];
    int md;
    int r = json_tokens(s, counts, &md);
    printf("r=%d depth=%d counts:", r, md);
    for (int i = 0; i < T_NTYPES; i++) printf(" %d", counts[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("");
        show("   \n ");
        break;
    case 1:
        show("{\"a\": [1, 2.5, -3e+4, true, false, null], \"b\\\"q\": {\"c\": \"x\"}}");
        break;
    case 2:
        show("[1, 2}");
        show("{\"a\": tru}");
        show("[\"unterminated]");
        show("[-]");
        show("[[[1]]");
        break;
    case 3: {
        char buf[6000];
        int k = 0;
        unsigned seed = 8u;
        buf[k++] = '[';
        for (int i = 0; i < 300; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 6;
            if (i) buf[k++] = ',';
            if (r == 0) k += sprintf(buf + k, "{\"k%d\":%d}", i, (int)(seed >> 20));
            else if (r == 1) k += sprintf(buf + k, "[%d.%d,null]", i, (int)(seed >> 25));
            else if (r == 2) k += sprintf(buf + k, "\"s\\n%d\"", i);
            else if (r == 3) k += sprintf(buf + k, "true");
            else if (r == 4) k += sprintf(buf + k, "-%de%d", i, (int)(r));
            else k += sprintf(buf + k, "[[{}]]");
        }
        buf[k++] = ']';
        buf[k] = '\0';
        show(buf);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
