/* INI-file parser with sections, typed lookups via sscanf, comments, escapes and error reporting. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>

#define MAXE 64
struct Entry { char section[24]; char key[24]; char value[64]; int line; };
static struct Entry entries[MAXE];
static int nentries;

static const char ini_text[] =
    "; global settings\n"
    "name = nissecc test   \n"
    "version=1.5\n"
    "\n"
    "[server]\n"
    "host = example.org\n"
    "port = 8080\n"
    "timeout = 2.5   ; seconds\n"
    "enabled = yes\n"
    "ratio = 3/4\n"
    "  [ database ]  \n"
    "user=admin\n"
    "password = \"p;ss=word\"\n"
    "pool = 16\n"
    "port = 0x1F90\n"
    "bad line without equals\n"
    "[empty]\n"
    "[colors]\n"
    "rgb = 255, 128, 0\n"
    "hex = #ff8000\n"
    "list = red|green|blue\n"
    "=novalue\n";

static char *strip(char *s) {
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
    return s;
}

static int parse(const char *text) {
    char section[24] = "";
    char line[128];
    int lineno = 0, errors = 0;
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, "\n");
        if (n >= sizeof line) n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        p += n;
        if (*p == '\n') p++;
        lineno++;
        /* strip comments outside quotes */
        int inq = 0;
        for (char *c = line; *c; c++) {
            if (*c == '"') inq = !inq;
            else if ((*c == ';' || *c == '#') && !inq && (c == line || isspace((unsigned char)c[-1]))) { *c = 0; break; }
        }
        char *s = strip(line);
        if (!*s) continue;
        if (*s == '[') {
            char name[24];
            if (sscanf(s, "[ %23[^] ] ]", name) == 1) strcpy(section, name);
            else { printf("line %d: bad section header\n", lineno); errors++; }
            continue;
        }
        char key[24], value[64];
        if (sscanf(s, "%23[^=]=%63[^\n]", key, value) == 2 || (sscanf(s, "%23[^=]=", key) == 1 && strchr(s, '=') && (value[0] = 0, 1))) {
            char *k = strip(key), *v = strip(value);
            if (!*k) { printf("line %d: empty key\n", lineno); errors++; continue; }
            size_t vl = strlen(v);
            if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') { v[vl - 1] = 0; v++; }
            struct Entry *e = &entries[nentries++];
            snprintf(e->section, sizeof e->section, "%s", section);
            snprintf(e->key, sizeof e->key, "%s", k);
            snprintf(e->value, sizeof e->value, "%s", v);
            e->line = lineno;
        } else {
            printf("line %d: expected key=value: '%s'\n", lineno, s);
            errors++;
        }
    }
    return errors;
}

static const char *get(const char *section, const char *key) {
    const char *found = NULL;
    for (int i = 0; i < nentries; i++)
        if (!strcmp(entries[i].section, section) && !strcmp(entries[i].key, key)) found = entries[i].value;
    return found;
}

static long get_long(const char *sec, const char *key, long def) {
    const char *v = get(sec, key);
    long r;
    return v && sscanf(v, "%li", &r) == 1 ? r : def;
}

static double get_double(const char *sec, const char *key, double def) {
    const char *v = get(sec, key);
    double r;
    int num, den;
    if (v && sscanf(v, "%d/%d", &num, &den) == 2 && den) return (double)num / den;
    return v && sscanf(v, "%lf", &r) == 1 ? r : def;
}

static int get_bool(const char *sec, const char *key) {
    const char *v = get(sec, key);
    if (!v) return -1;
    static const char *const truthy[] = { "1", "yes", "true", "on" };
    for (size_t i = 0; i < sizeof truthy / sizeof *truthy; i++)
        if (!strcmp(v, truthy[i])) return 1;
    return 0;
}

int main(void) {
    int errors = parse(ini_text);
    printf("entries=%d errors=%d\n", nentries, errors);
    for (int i = 0; i < nentries; i++)
        printf("  %2d [%s] %s = '%s'\n", entries[i].line, entries[i].section, entries[i].key, entries[i].value);
    printf("name='%s' version=%.2f\n", get("", "name"), get_double("", "version", 0));
    printf("server %s:%ld timeout=%.3f enabled=%d ratio=%.3f missing=%ld\n", get("server", "host"), get_long("server", "port", -1),
           get_double("server", "timeout", -1), get_bool("server", "enabled"), get_double("server", "ratio", 0),
           get_long("server", "missing", 42));
    printf("db user=%s password=%s pool=%ld port=%ld\n", get("database", "user"), get("database", "password"),
           get_long("database", "pool", 0), get_long("database", "port", 0));
    int r, g, b;
    unsigned hex;
    if (sscanf(get("colors", "rgb"), "%d , %d , %d", &r, &g, &b) == 3) printf("rgb=(%d,%d,%d)\n", r, g, b);
    if (sscanf(get("colors", "hex"), "#%6x", &hex) == 1) printf("hex=%06X r=%u\n", hex, hex >> 16);
    char list[64];
    strcpy(list, get("colors", "list"));
    int idx = 0;
    for (char *tok = strtok(list, "|"); tok; tok = strtok(NULL, "|")) printf("list[%d]=%s\n", idx++, tok);
    char word[16];
    int consumed = 0;
    int got = sscanf("  hello world", "%15s%n", word, &consumed);
    printf("sscanf got=%d word=%s consumed=%d\n", got, word, consumed);
    return 0;
}
