// inputs: 0 1 2  tags: pointer-walk, multi-exit, early-return, function-pointer, string, sort
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Natural-order string comparison: digit runs compare numerically (leading zeros
   ignored, then by length, then digit by digit); other chars case-insensitively. */
int natcmp(const char *a, const char *b)
{
    for (;;) {
        if (*a == '\0' || *b == '\0')
            return (*a != '\0') - (*b != '\0');
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            while (*a == '0') a++;
            while (*b == '0') b++;
            const char *sa = a, *sb = b;
            while (*a >= '0' && *a <= '9') a++;
            while (*b >= '0' && *b <= '9') b++;
            long la = a - sa, lb = b - sb;
            if (la != lb)
                return la < lb ? -1 : 1;
            for (long i = 0; i < la; i++) {
                if (sa[i] != sb[i])
                    return sa[i] < sb[i] ? -1 : 1;
            }
            continue;
        }
        char ca = *a, cb = *b;
        if (ca >= 'A' && ca <= 'Z') ca = (char)(ca - 'A' + 'a');
        if (cb >= 'A' && cb <= 'Z') cb = (char)(cb - 'A' + 'a');
        if (ca != cb)
            return ca < cb ? -1 : 1;
        a++;
        b++;
    }
}

static int cmp_ptrs(const void *x, const void *y)
{
    const char *const *a = x;
    const char *const *b = y;
    int r = natcmp(*a, *b);
    if (r == 0) r = strcmp(*a, *b);
    return r;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        const char *pairs[][2] = {{"", ""}, {"", "a"}, {"a", ""}, {"abc", "ABC"}, {"x1", "x01"}};
        for (int i = 0; i < 5; i++) printf("'%s' vs '%s' -> %d\n", pairs[i][0], pairs[i][1], natcmp(pairs[i][0], pairs[i][1]));
        break;
    }
    case 1: {
        const char *v[] = {"file10.txt", "file2.txt", "File1.txt", "file02.txt", "file1b.txt",
                           "img12", "img9", "img100", "a", "file", "file10a.txt", "file10.txt"};
        int n = 12;
        qsort(v, (size_t)n, sizeof v[0], cmp_ptrs);
        for (int i = 0; i < n; i++) printf("%s\n", v[i]);
        break;
    }
    case 2: {
        char pool[400][16];
        const char *v[400];
        unsigned seed = 13u;
        for (int i = 0; i < 400; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 12;
            sprintf(pool[i], "%c%u-%02u", (char)('a' + r % 3), (r >> 2) % 150, (r >> 9) % 40);
            v[i] = pool[i];
        }
        qsort(v, 400, sizeof v[0], cmp_ptrs);
        unsigned h = 0;
        for (int i = 0; i < 400; i++)
            for (const char *p = v[i]; *p; p++) h = h * 31u + (unsigned char)*p;
        printf("hash=%08x first=%s %s %s last=%s\n", h, v[0], v[1], v[2], v[399]);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
