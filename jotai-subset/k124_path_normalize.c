// inputs: 0 1 2 3  tags: pointer-walk, stacked-conditionals, while-loop, string, stack
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Normalise a Unix path in place: collapse "//", drop ".", resolve ".." (never above
   root for absolute paths; kept for relative ones).  Returns the new length. */
int path_normalize(char *path)
{
    int abs_path = path[0] == '/';
    int starts[128];          /* output offsets where each kept segment begins */
    int nseg = 0, nup = 0;    /* nup: leading ".." kept for relative paths */
    char *r = path;
    char *w = path;
    if (abs_path) { w++; r++; }
    while (*r) {
        while (*r == '/') r++;
        if (!*r) break;
        char *seg = r;
        while (*r && *r != '/') r++;
        int len = (int)(r - seg);
        if (len == 1 && seg[0] == '.')
            continue;
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            if (nseg > nup) {
                nseg--;
                w = path + starts[nseg];
                continue;
            }
            if (abs_path)
                continue;
            nup++;
        }
        if (nseg == 128) return -1;
        if (w != path + abs_path && w[-1] != '/') *w++ = '/';
        starts[nseg++] = (int)(w - path) - ((w != path + abs_path) ? 1 : 0);
        memmove(w, seg, (size_t)len);
        w += len;
    }
    if (w == path) *w++ = '.';
    *w = '\0';
    return (int)(w - path);
}

static void t(const char *in)
{
    char buf[256];
    strcpy(buf, in);
    int n = path_normalize(buf);
    printf("'%s' -> '%s' (%d)\n", in, buf, n);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t("");
        t("/");
        t(".");
        break;
    case 1:
        t("/usr//local/./bin/../lib/");
        t("a/b/../../c");
        t("../x/../../y");
        t("/../../etc/passwd");
        t("./a/./b/.");
        break;
    case 2:
        t("a/b/c/../../../..");
        t("//x//y//");
        t("/a/b/../../..");
        break;
    case 3: {
        char buf[2048];
        unsigned seed = 2u;
        unsigned h = 0;
        for (int rep = 0; rep < 50; rep++) {
            int k = 0;
            if (rep % 2) buf[k++] = '/';
            for (int s = 0; s < 40; s++) {
                seed = seed * 1103515245u + 12345u;
                unsigned r = (seed >> 16) % 8;
                if (r == 0) { buf[k++] = '.'; buf[k++] = '.'; }
                else if (r == 1) buf[k++] = '.';
                else if (r == 2) { /* empty segment */ }
                else { buf[k++] = (char)('a' + r); buf[k++] = (char)('a' + (seed >> 20) % 26); }
                buf[k++] = '/';
            }
            buf[k] = '\0';
            int n = path_normalize(buf);
            for (int i = 0; i < n; i++) h = h * 31u + (unsigned char)buf[i];
            if (rep < 3) printf("%d: '%s'\n", n, buf);
        }
        printf("hash=%08x\n", h);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
