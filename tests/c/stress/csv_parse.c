/* RFC4180-ish CSV parser with quoted fields, then aggregate statistics per column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>

#define MAXF 8
#define MAXR 32
#define FLEN 40

typedef struct {
    char f[MAXF][FLEN];
    int nf;
} Row;

static const char data[] =
    "name,city,age,salary,notes\r\n"
    "\"Smith, John\",Boston,42,85000.50,\"said \"\"hi\"\"\"\n"
    "Jane Doe,\"New York\",37,120000,\n"
    "Bob,Chicago,,45000.75,missing age\n"
    "\"Multi\nLine\",Denver,29,not-a-number,\"embedded, comma\"\n"
    "Alice,Boston,51,99999.99,\n"
    "Zed,,19,1e5,trailing\n"
    "\n"
    "Ünï,Köln,33,  70500 ,utf8\n";

/* returns number of rows parsed */
static int parse_csv(const char *s, Row *rows, int maxrows) {
    enum { START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED } st = START;
    int r = 0, fi = 0, len = 0;
    memset(rows, 0, sizeof(Row) * (size_t)maxrows);
    for (;; s++) {
        char c = *s;
        Row *row = &rows[r];
#define PUTC(ch) do { if (len < FLEN - 1) row->f[fi][len++] = (ch); } while (0)
#define END_FIELD() do { row->f[fi][len] = 0; len = 0; if (fi < MAXF - 1) fi++; } while (0)
#define END_ROW() do { row->nf = fi; fi = 0; if (row->nf > 1 || row->f[0][0]) r++; if (r >= maxrows) return r; } while (0)
        switch (st) {
        case START:
            if (c == '"') { st = QUOTED; break; }
            /* fallthrough */
        case UNQUOTED:
            if (c == ',') { END_FIELD(); st = START; }
            else if (c == '\r') { /* ignore */ }
            else if (c == '\n' || c == '\0') { END_FIELD(); END_ROW(); st = START; }
            else { PUTC(c); st = UNQUOTED; }
            break;
        case QUOTED:
            if (c == '"') st = QUOTE_IN_QUOTED;
            else if (c == '\0') { END_FIELD(); END_ROW(); return r; }
            else PUTC(c);
            break;
        case QUOTE_IN_QUOTED:
            if (c == '"') { PUTC('"'); st = QUOTED; }
            else if (c == ',') { END_FIELD(); st = START; }
            else if (c == '\n' || c == '\0') { END_FIELD(); END_ROW(); st = START; }
            else if (c == '\r') {}
            else { PUTC(c); st = UNQUOTED; }
            break;
        }
        if (c == '\0') break;
#undef PUTC
#undef END_FIELD
#undef END_ROW
    }
    return r;
}

static int parse_double(const char *s, double *out) {
    char *end;
    errno = 0;
    while (isspace((unsigned char)*s)) s++;
    if (!*s) return 0;
    double v = strtod(s, &end);
    if (errno == ERANGE) return 0;
    while (isspace((unsigned char)*end)) end++;
    if (*end) return 0;
    *out = v;
    return 1;
}

int main(void) {
    static Row rows[MAXR];
    int n = parse_csv(data, rows, MAXR);
    printf("rows=%d\n", n);
    for (int i = 0; i < n; i++) {
        printf("%d [%d]:", i, rows[i].nf);
        for (int j = 0; j < rows[i].nf; j++) {
            putchar(' ');
            putchar('<');
            for (const char *p = rows[i].f[j]; *p; p++) {
                if (*p == '\n') fputs("\\n", stdout); else putchar(*p);
            }
            putchar('>');
        }
        putchar('\n');
    }
    for (int col = 2; col <= 3; col++) {
        double sum = 0, sumsq = 0, mn = HUGE_VAL, mx = -HUGE_VAL;
        int cnt = 0, bad = 0;
        for (int i = 1; i < n; i++) {
            double v;
            if (col < rows[i].nf && parse_double(rows[i].f[col], &v)) {
                sum += v; sumsq += v * v; cnt++;
                if (v < mn) mn = v;
                if (v > mx) mx = v;
            } else bad++;
        }
        double mean = cnt ? sum / cnt : 0;
        double sd = cnt > 1 ? sqrt((sumsq - cnt * mean * mean) / (cnt - 1)) : 0;
        printf("column %-6s: n=%d bad=%d min=%.2f max=%.2f mean=%.3f sd=%.3f\n", rows[0].f[col], cnt, bad, mn, mx, mean, sd);
    }
    /* group by city */
    char cities[MAXR][FLEN];
    int ccount[MAXR] = {0}, nc = 0;
    for (int i = 1; i < n; i++) {
        const char *c = rows[i].f[1][0] ? rows[i].f[1] : "(none)";
        int k;
        for (k = 0; k < nc; k++) if (!strcmp(cities[k], c)) break;
        if (k == nc) strcpy(cities[nc++], c);
        ccount[k]++;
    }
    for (int k = 0; k < nc; k++) printf("%-10s %d\n", cities[k], ccount[k]);
    errno = 0;
    double huge = strtod("1e999", NULL);
    printf("strtod overflow: %s inf=%d\n", errno == ERANGE ? "ERANGE" : "no error", isinf(huge) != 0);
    errno = 0;
    long l = strtol("99999999999999999999", NULL, 10);
    printf("strtol overflow: %s %ld\n", errno == ERANGE ? "ERANGE" : "no error", l);
    char *end;
    long hx = strtol("  -0x1fZ", &end, 0);
    printf("strtol hex=%ld rest='%s'\n", hx, end);
    unsigned long ul = strtoul("0777", &end, 0);
    printf("strtoul oct=%lu rest='%s'\n", ul, end);
    return 0;
}
