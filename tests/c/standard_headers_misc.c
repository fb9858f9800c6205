/* <assert.h> <errno.h> <iso646.h> <limits.h> <locale.h> <setjmp.h> <signal.h> <stdalign.h> <stdarg.h> (va_copy) <stdbool.h> <stddef.h> <stdint.h> <stdnoreturn.h> <time.h> (strftime, gmtime, mktime in UTC) used together. */
#include <assert.h>
#include <errno.h>
#include <iso646.h>
#include <limits.h>
#include <locale.h>
#include <setjmp.h>
#include <signal.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdnoreturn.h>
#include <time.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static jmp_buf jb;
static volatile sig_atomic_t got;
static void handler(int s) { got = s; }
static int depth;
static void deep(int n) { depth = n; if (n == 5) longjmp(jb, n * 10); deep(n + 1); }
static noreturn void die(void) { exit(3); }
struct S { char c; double d; int i[3]; };
static int sum(int n, ...) {
    va_list ap, ap2; va_start(ap, n); va_copy(ap2, ap);
    int s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, int);
    int s2 = 0; for (int i = 0; i < n; i++) s2 += 2 * va_arg(ap2, int);
    va_end(ap); va_end(ap2); return s + s2;
}
static double vmix(const char *fmt, ...) {
    va_list ap; va_start(ap, fmt); double t = 0;
    for (; *fmt; fmt++) switch (*fmt) {
        case 'i': t += va_arg(ap, int); break;
        case 'd': t += va_arg(ap, double); break;
        case 'l': t += va_arg(ap, long long); break;
        case 's': t += strlen(va_arg(ap, char*)); break;
    }
    va_end(ap); return t;
}
static void vprint(const char *fmt, ...) { va_list ap; va_start(ap, fmt); vprintf(fmt, ap); va_end(ap); }
int main(void) {
    assert(1 + 1 == 2);
    errno = 0; FILE *f = fopen("/nonexistent/dir/x", "r"); printf("fopen %d errno=ENOENT %d\n", f == NULL, errno == ENOENT);
    errno = EDOM; printf("%d\n", errno == EDOM);
    printf("%d %d %d\n", 1 and 0, 1 or 0, not 0);
    int x = 6; x and_eq 3; x or_eq 8; x xor_eq 1; printf("%d %d\n", x, compl 0);
    printf("%d %d %ld %ld %lld %llu\n", CHAR_BIT, SCHAR_MIN, LONG_MAX, LONG_MIN, LLONG_MIN, ULLONG_MAX);
    printf("%d %d %u %d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX, UCHAR_MAX);
    printf("%s\n", setlocale(LC_ALL, "C"));
    struct lconv *lc = localeconv(); printf("dp=%s\n", lc->decimal_point);
    int r = setjmp(jb);
    if (r == 0) deep(0); else printf("longjmp %d depth %d\n", r, depth);
    signal(SIGUSR1, handler); raise(SIGUSR1); printf("got %d\n", got == SIGUSR1);
    printf("alignof %zu %zu %zu\n", alignof(double), alignof(struct S), alignof(char));
    alignas(16) char ab[3]; printf("aligned %d\n", ((uintptr_t)ab & 15) == 0);
    bool t = 5; printf("bool %d %d %d\n", t, true, false);
    printf("offsetof %zu %zu %zu\n", offsetof(struct S, c), offsetof(struct S, d), offsetof(struct S, i[2]));
    printf("sum %d\n", sum(4, 1, 2, 3, 4));
    printf("vmix %g\n", vmix("idlsi", 1, 2.5, 10000000000LL, "abcd", -1));
    vprint("vprint %d %s %.2f\n", 7, "x", 1.25);
    printf("%d %d %d\n", INT8_MIN, INT16_MAX, INT32_MIN);
    printf("%lld %llu\n", (long long)INT64_MIN, (unsigned long long)UINT64_MAX);
    printf("%zu %zu\n", sizeof(intptr_t), sizeof(int_least16_t));
    printf("%d\n", (int)SIZE_MAX == -1);
    struct tm tm; memset(&tm, 0, sizeof tm);
    tm.tm_year = 2020 - 1900; tm.tm_mon = 1; tm.tm_mday = 29; tm.tm_hour = 13; tm.tm_min = 5; tm.tm_sec = 9; tm.tm_isdst = 0;
    char tb[128]; size_t k = strftime(tb, sizeof tb, "%Y-%m-%d %H:%M:%S %j %a %b %y %%", &tm);
    printf("%zu %s\n", k, tb);
    time_t tt = 86400 * 365; struct tm *g = gmtime(&tt); printf("%d %d %d %d\n", g->tm_year, g->tm_mon, g->tm_mday, g->tm_wday);
    char *as = asctime(g); printf("%s", as);
    struct tm t2 = {0}; t2.tm_year = 100; t2.tm_mday = 1; t2.tm_mon = 0; setenv("TZ", "UTC", 1); tzset();
    time_t mt = mktime(&t2); printf("mktime %lld wday %d yday %d\n", (long long)mt, t2.tm_wday, t2.tm_yday);
    printf("difftime %g\n", difftime((time_t)100, (time_t)40));
    printf("clock ok %d\n", clock() >= 0);
    if (x == 0) die();
    return 0;
}
