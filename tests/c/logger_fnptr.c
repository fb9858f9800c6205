/* Logging facility that routes output through pointers to printf-family functions. */
#include <stdio.h>
#include <string.h>

enum Level { L_DEBUG, L_INFO, L_WARN, L_ERROR, L_COUNT };
static const char *const level_names[L_COUNT] = { "DEBUG", "INFO", "WARN", "ERROR" };

typedef int (*PrintFn)(const char *, ...);
typedef int (*SPrintFn)(char *, size_t, const char *, ...);

struct Logger {
    const char *name;
    enum Level min_level;
    PrintFn out;
    SPrintFn fmt;
    unsigned counts[L_COUNT];
};

static char history[8][96];
static int nhistory;

static void log_line(struct Logger *lg, enum Level lv, const char *msg, int code, double value) {
    lg->counts[lv]++;
    if (lv < lg->min_level) return;
    char line[96];
    lg->fmt(line, sizeof line, "%-5s %s: %s (code=%d, value=%.3f)", level_names[lv], lg->name, msg, code, value);
    lg->out("%s\n", line);
    if (nhistory < 8) strcpy(history[nhistory++], line);
}

static void summary(const struct Logger *lg) {
    PrintFn p = lg->out;
    p("%s summary:", lg->name);
    for (int i = 0; i < L_COUNT; i++) p(" %s=%u", level_names[i], lg->counts[i]);
    p("\n");
}

int main(void) {
    struct Logger app = { "app", L_INFO, printf, snprintf, { 0 } };
    struct Logger net = { "net", L_DEBUG, printf, snprintf, { 0 } };
    log_line(&app, L_DEBUG, "starting up", 0, 0.0);
    log_line(&app, L_INFO, "config loaded", 12, 1.5);
    log_line(&net, L_DEBUG, "socket opened", 3, 0.25);
    log_line(&net, L_WARN, "retrying", 110, 2.0 / 3.0);
    log_line(&app, L_ERROR, "disk full", 28, 99.999);
    for (int i = 0; i < 5; i++) log_line(&net, (enum Level)(i % L_COUNT), "tick", i, i * 0.5);
    summary(&app);
    summary(&net);
    PrintFn table[2] = { printf, printf };
    for (int i = 0; i < 2; i++) table[i]("table[%d]: %5.1f%% %s %c %ld\n", i, 12.5 * (i + 1), "done", 'A' + i, 1234567890123L);
    printf("history (%d):\n", nhistory);
    for (int i = 0; i < nhistory; i++) printf("  %s\n", history[i]);
    return 0;
}
