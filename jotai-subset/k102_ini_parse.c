// inputs: 0 1 2 3  tags: switch, state-machine, pointer-walk, struct, string, parser
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ini_kv {
    char section[16];
    char key[16];
    char value[24];
};

enum ini_state { ST_LINE, ST_SECTION, ST_KEY, ST_VALUE, ST_COMMENT, ST_ERROR };

/* Parse INI text into up to max entries.  Returns number of entries, or -(line) on error. */
int ini_parse(const char *text, struct ini_kv *out, int max)
{
    enum ini_state st = ST_LINE;
    char section[16] = "";
    char key[16];
    char value[24];
    int sl = 0, kl = 0, vl = 0, n = 0, line = 1;
    const char *p = text;
    for (;;) {
        char c = *p;
        switch (st) {
        case ST_LINE:
            if (c == '\0') return n;
            if (c == '[') { sl = 0; st = ST_SECTION; }
            else if (c == ';' || c == '#') st = ST_COMMENT;
            else if (c == '\n') line++;
            else if (c == ' ' || c == '\t') { /* skip */ }
            else { kl = 0; key[kl++] = c; st = ST_KEY; }
            break;
        case ST_SECTION:
            if (c == ']') { section[sl] = '\0'; st = ST_COMMENT; }
            else if (c == '\0' || c == '\n' || sl == 15) return -line;
            else section[sl++] = c;
            break;
        case ST_KEY:
            if (c == '=') {
                while (kl > 0 && key[kl - 1] == ' ') kl--;
                key[kl] = '\0';
                vl = 0;
                st = ST_VALUE;
            } else if (c == '\0' || c == '\n' || kl == 15) {
                return -line;
            } else {
                key[kl++] = c;
            }
            break;
        case ST_VALUE:
            if (c == '\n' || c == '\0' || c == ';') {
                while (vl > 0 && value[vl - 1] == ' ') vl--;
                value[vl] = '\0';
                if (n < max) {
                    strcpy(out[n].section, section);
                    strcpy(out[n].key, key);
                    strcpy(out[n].value, value);
                }
                n++;
                if (c == '\0') return n;
                if (c == '\n') line++;
                st = (c == ';') ? ST_COMMENT : ST_LINE;
            } else if (vl == 0 && c == ' ') {
                /* skip leading blanks */
            } else if (vl < 23) {
                value[vl++] = c;
            }
            break;
        case ST_COMMENT:
            if (c == '\0') return n;
            if (c == '\n') { line++; st = ST_LINE; }
            break;
        case ST_ERROR:
        default:
            return -line;
        }
        p++;
    }
}

static void show(const char *text, int max)
{
    struct ini_kv kv[16];
    memset(kv, 0, sizeof kv);
    int r = ini_parse(text, kv, max);
    printf("r=%d\n", r);
    for (int i = 0; i < r && i < max; i++)
        printf("  [%s] %s = '%s'\n", kv[i].section, kv[i].key, kv[i].value);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("", 16);
        show("; only a comment\n\n", 16);
        break;
    case 1:
        show("name = demo\n[server]\nhost = example.org ; inline\nport=8080\n\n# c\n[client]\n  retries = 3\nmode=fast", 16);
        break;
    case 2:
        show("[ok]\na=1\n[broken\nb=2\n", 16);
        show("[s]\nkeywithoutvalue\n", 16);
        break;
    case 3: {
        char buf[4096];
        int k = 0;
        unsigned seed = 21u;
        for (int s = 0; s < 6; s++) {
            k += sprintf(buf + k, "[sec%d]\n", s);
            for (int j = 0; j < 5; j++) {
                seed = seed * 1103515245u + 12345u;
                k += sprintf(buf + k, "key%d = v%u\n", j, (seed >> 16) % 1000);
            }
        }
        show(buf, 16);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
