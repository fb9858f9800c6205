/* Enum bit-fields, recursion on a large struct by value through a pointer, switches on unsigned char and long long, strtok_r, fmemopen/getline, open_memstream and asprintf. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

enum mode { M_OFF = -1, M_A = 0, M_B = 1 };
struct st { enum mode m : 2; unsigned kind : 3; int sval : 5; };
struct big { int v[20]; };
static struct big rec(struct big b, int n) { if (n == 0) return b; b.v[n % 20] += n; return rec(b, n - 1); }
static struct big (*recp)(struct big, int) = rec;
static const char *sw(unsigned char c) { switch (c) { case 255: return "ff"; case 0: return "zero"; case 'a' ... 'z': return "lower"; default: return "other"; } }
static int swl(long long v) { switch (v) { case -1: return 1; case 0x100000000LL: return 2; case -0x8000000000000000LL: return 3; default: return 0; } }
int main(void) {
    struct st s = { M_OFF, 5, -16 }; printf("%d %u %d\n", s.m, s.kind, s.sval); s.m = M_B; s.sval = 15; printf("%d %d\n", s.m, s.sval);
    struct big b = { { 0 } }; b = recp(b, 45); int t = 0; for (int i = 0; i < 20; i++) t += b.v[i] * (i + 1); printf("%d\n", t);
    printf("%s %s %s %s\n", sw(255), sw(0), sw('q'), sw('Q'));
    printf("%d %d %d %d\n", swl(-1), swl(0x100000000LL), swl((long long)(-0x7fffffffffffffffLL - 1)), swl(5));
    char text[] = "a=1;b=22;c=333"; char *save; int total = 0;
    for (char *kv = strtok_r(text, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) { char *eq = strchr(kv, '='); total += atoi(eq + 1); printf("%.*s ", (int)(eq - kv), kv); }
    printf("%d\n", total);
    char buf[] = "line one\nline two\n"; FILE *f = fmemopen(buf, strlen(buf), "r"); char *line = NULL; size_t cap = 0; ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) printf("%zd:%s", len, line); free(line); fclose(f);
    char *ms; size_t msz; FILE *o = open_memstream(&ms, &msz); fprintf(o, "%d-%s", 42, "mem"); fclose(o); printf("%s %zu\n", ms, msz); free(ms);
    char *as; int k = asprintf(&as, "%05.1f|%x", 2.25, 255); printf("%d %s\n", k, as); free(as);
    printf("%s\n", strsignal(2) ? "sig" : "nosig");
    return 0;
}
