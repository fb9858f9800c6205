// inputs: 0 1 2 3  tags: parser, exit, string, nested-loop, struct, stacked-conditionals
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
    int width;
    int height;
    int verbose;
    int unknown;
};

/* Parses lines "key=value" (value: decimal). Aborts the program on a
 * malformed line, as a command-line tool would. */
void parse_config(const char *text, struct config *cfg)
{
    const char *p = text;
    int line = 1;
    while (*p) {
        char key[16];
        int k = 0;
        long val = 0;
        if (*p == '#' || *p == '\n') {
            while (*p && *p != '\n')
                p++;
            if (*p)
                p++;
            line++;
            continue;
        }
        while (*p && *p != '=' && *p != '\n') {
            if (k < 15)
                key[k++] = *p;
            p++;
        }
        key[k] = '\0';
        if (*p != '=') {
            printf("line %d: missing '=' after '%s'\n", line, key);
            exit(3);
        }
        p++;
        if (*p < '0' || *p > '9') {
            printf("line %d: bad value for '%s'\n", line, key);
            exit(4);
        }
        while (*p >= '0' && *p <= '9') {
            if (val < 1000000)
                val = val * 10 + (*p - '0');
            p++;
        }
        if (strcmp(key, "width") == 0)
            cfg->width = (int)val;
        else if (strcmp(key, "height") == 0)
            cfg->height = (int)val;
        else if (strcmp(key, "verbose") == 0)
            cfg->verbose = val != 0;
        else
            cfg->unknown++;
        while (*p && *p != '\n')
            p++;
        if (*p)
            p++;
        line++;
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct config cfg;
    const char *in[4] = {
        "",
        "# sample\nwidth=640\nheight=480\nverbose=1\n",
        "width=10\ncolor=3\n\nheight=99999999\ndepth=2",
        "width=5\nheight\nverbose=1\n"
    };
    if (opt < 0 || opt > 3)
        return 0;
    cfg.width = cfg.height = -1;
    cfg.verbose = cfg.unknown = 0;
    parse_config(in[opt], &cfg);
    printf("width=%d height=%d verbose=%d unknown=%d\n", cfg.width, cfg.height, cfg.verbose,
           cfg.unknown);
    return 0;
}
