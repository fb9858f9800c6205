/* Gap-buffer text editor: insert/delete/move via memmove, undo log, line/col tracking. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t cap, gap_start, gap_end;
} Gap;

typedef enum { U_INSERT, U_DELETE } UKind;
typedef struct { UKind kind; size_t pos; char text[32]; } Undo;

static Undo undo_log[64];
static int nundo;

static void gap_init(Gap *g, size_t cap) {
    g->buf = malloc(cap);
    g->cap = cap;
    g->gap_start = 0;
    g->gap_end = cap;
}

static size_t gap_len(const Gap *g) { return g->cap - (g->gap_end - g->gap_start); }

static void gap_move(Gap *g, size_t pos) {
    if (pos < g->gap_start) {
        size_t n = g->gap_start - pos;
        memmove(g->buf + g->gap_end - n, g->buf + pos, n);
        g->gap_start -= n;
        g->gap_end -= n;
    } else if (pos > g->gap_start) {
        size_t n = pos - g->gap_start;
        memmove(g->buf + g->gap_start, g->buf + g->gap_end, n);
        g->gap_start += n;
        g->gap_end += n;
    }
}

static void gap_grow(Gap *g, size_t need) {
    if (g->gap_end - g->gap_start >= need) return;
    size_t newcap = g->cap * 2 + need;
    char *nb = malloc(newcap);
    size_t tail = g->cap - g->gap_end;
    memcpy(nb, g->buf, g->gap_start);
    memcpy(nb + newcap - tail, g->buf + g->gap_end, tail);
    free(g->buf);
    g->buf = nb;
    g->gap_end = newcap - tail;
    g->cap = newcap;
}

static void gap_insert(Gap *g, size_t pos, const char *s, int record) {
    size_t n = strlen(s);
    gap_grow(g, n);
    gap_move(g, pos);
    memcpy(g->buf + g->gap_start, s, n);
    g->gap_start += n;
    if (record) {
        Undo *u = &undo_log[nundo++];
        u->kind = U_INSERT; u->pos = pos;
        snprintf(u->text, sizeof u->text, "%s", s);
    }
}

static void gap_delete(Gap *g, size_t pos, size_t n, int record) {
    gap_move(g, pos);
    if (n > g->cap - g->gap_end) n = g->cap - g->gap_end;
    if (record) {
        Undo *u = &undo_log[nundo++];
        u->kind = U_DELETE; u->pos = pos;
        size_t k = n < sizeof u->text - 1 ? n : sizeof u->text - 1;
        memcpy(u->text, g->buf + g->gap_end, k);
        u->text[k] = 0;
    }
    g->gap_end += n;
}

static void gap_text(const Gap *g, char *out) {
    memcpy(out, g->buf, g->gap_start);
    memcpy(out + g->gap_start, g->buf + g->gap_end, g->cap - g->gap_end);
    out[gap_len(g)] = 0;
}

static void line_col(const Gap *g, size_t pos, int *line, int *col) {
    *line = 1; *col = 1;
    for (size_t i = 0; i < pos; i++) {
        char c = i < g->gap_start ? g->buf[i] : g->buf[i + (g->gap_end - g->gap_start)];
        if (c == '\n') { (*line)++; *col = 1; } else (*col)++;
    }
}

static void show(const Gap *g, const char *what) {
    char out[1024];
    gap_text(g, out);
    int l, c;
    line_col(g, g->gap_start, &l, &c);
    printf("%-22s len=%3zu cap=%4zu cursor=%zu(%d:%d) |", what, gap_len(g), g->cap, g->gap_start, l, c);
    for (char *p = out; *p; p++) {
        if (*p == '\n') fputs("\\n", stdout); else putchar(*p);
    }
    puts("|");
}

static void undo(Gap *g) {
    if (!nundo) return;
    Undo *u = &undo_log[--nundo];
    if (u->kind == U_INSERT) gap_delete(g, u->pos, strlen(u->text), 0);
    else gap_insert(g, u->pos, u->text, 0);
}

int main(void) {
    Gap g;
    gap_init(&g, 8);
    gap_insert(&g, 0, "Hello world", 1);             show(&g, "insert");
    gap_insert(&g, 5, ",", 1);                       show(&g, "insert comma");
    gap_insert(&g, gap_len(&g), "!\nSecond line", 1); show(&g, "append");
    gap_delete(&g, 0, 7, 1);                         show(&g, "delete head");
    gap_insert(&g, 0, "Big ", 1);                    show(&g, "prefix");
    gap_move(&g, 3);                                 show(&g, "move 3");
    gap_delete(&g, 3, 100, 1);                       show(&g, "delete tail");
    for (int i = 0; i < 5; i++) {
        char t[16];
        snprintf(t, sizeof t, "[%d]", i * i);
        gap_insert(&g, (size_t)(i * 2) % (gap_len(&g) + 1), t, 1);
        show(&g, "loop insert");
    }
    while (nundo > 0) { undo(&g); show(&g, "undo"); }
    /* overlapping memmove semantics directly */
    char m[] = "0123456789abcdef";
    memmove(m + 2, m, 8);
    printf("memmove fwd: %s\n", m);
    memmove(m, m + 5, 9);
    printf("memmove back: %s\n", m);
    free(g.buf);
    return 0;
}
