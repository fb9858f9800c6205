// inputs: 0 1 2 3  tags: switch, string, pointer-walk, unsigned-char, early-return
#include <stdio.h>
#include <stdlib.h>

/* C-style escaping of a byte string into out (capacity cap). Returns the
 * output length, or -1 if it would not fit. */
int escape_string(const char *in, char *out, int cap)
{
    static const char hex[] = "0123456789abcdef";
    int o = 0;
    const unsigned char *p = (const unsigned char *)in;
    for (; *p; p++) {
        char tmp[4];
        int k = 0, j;
        switch (*p) {
        case '\n': tmp[k++] = '\\'; tmp[k++] = 'n'; break;
        case '\t': tmp[k++] = '\\'; tmp[k++] = 't'; break;
        case '\r': tmp[k++] = '\\'; tmp[k++] = 'r'; break;
        case '\\': tmp[k++] = '\\'; tmp[k++] = '\\'; break;
        case '"': tmp[k++] = '\\'; tmp[k++] = '"'; break;
        default:
            if (*p < 0x20 || *p >= 0x7f) {
                tmp[k++] = '\\';
                tmp[k++] = 'x';
                tmp[k++] = hex[*p >> 4];
                tmp[k++] = hex[*p & 15];
            } else {
                tmp[k++] = (char)*p;
            }
            break;
        }
        if (o + k >= cap)
            return -1;
        for (j = 0; j < k; j++)
            out[o++] = tmp[j];
    }
    out[o] = '\0';
    return o;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char out[128];
    const char *in[4] = {
        "",
        "plain text",
        "tab\there \"quoted\"\nback\\slash\r\x01\xff",
        "this string is far too long to fit into the small output buffer\n\n\n\n"
    };
    int caps[4] = { 128, 128, 128, 40 };
    if (opt < 0 || opt > 3)
        return 0;
    out[0] = '\0';
    int n = escape_string(in[opt], out, caps[opt]);
    printf("n=%d [%s]\n", n, n >= 0 ? out : "");
    return 0;
}
