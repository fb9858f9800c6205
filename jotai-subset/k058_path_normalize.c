// inputs: 0 1 2 3 4  tags: parser, string, stack, while-loop, multi-exit
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Normalizes an absolute Unix path: collapses "//", removes "." and resolves
 * "..". Returns the output length, or -1 if the path is not absolute. */
int path_normalize(const char *in, char *out)
{
    int starts[32];
    int depth = 0, o = 0;
    const char *p = in;
    if (*p != '/')
        return -1;
    while (*p) {
        const char *seg;
        int len;
        while (*p == '/')
            p++;
        if (*p == '\0')
            break;
        seg = p;
        while (*p && *p != '/')
            p++;
        len = (int)(p - seg);
        if (len == 1 && seg[0] == '.')
            continue;
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            if (depth > 0)
                o = starts[--depth];
            continue;
        }
        if (depth >= 32)
            return -2;
        starts[depth++] = o;
        out[o++] = '/';
        memcpy(out + o, seg, (size_t)len);
        o += len;
    }
    if (o == 0)
        out[o++] = '/';
    out[o] = '\0';
    return o;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    char out[256];
    const char *in[5] = {
        "relative/path",
        "/",
        "/usr//local/./bin/../lib/",
        "/a/b/../../../c/./d/..",
        "/home/user/./docs/../../user/pictures//2024/./x/../trip"
    };
    if (opt < 0 || opt > 4)
        return 0;
    out[0] = '\0';
    int n = path_normalize(in[opt], out);
    printf("%d [%s]\n", n, n >= 0 ? out : "");
    return 0;
}
