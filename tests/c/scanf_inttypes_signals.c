/* sscanf with %i, scan sets, widths and %%; <inttypes.h> strtoimax/imaxdiv and the PRI/SCN macros; sigaction and raise; strftime of a fixed struct tm. */
#include <stdio.h>
#include <inttypes.h>
#include <string.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

static volatile sig_atomic_t hits;
static void on(int s) { (void)s; hits++; }
int main(void) {
    int a, b, c; char w[16], rest[32]; unsigned o; long l; short sh; unsigned char uc; double d; float f;
    int n = sscanf("0x1A 010 -7", "%i %i %i", &a, &b, &c); printf("%d %d %d %d\n", n, a, b, c);
    n = sscanf("key=value;tail", "%15[^=]=%31[^;];%s", w, rest, rest + 16); printf("%d %s %s %s\n", n, w, rest, rest + 16);
    n = sscanf("777 ff -123456789 -32768 255", "%o %x %ld %hd %hhu", &o, &a, &l, &sh, &uc); printf("%d %u %d %ld %d %u\n", n, o, a, l, sh, uc);
    n = sscanf("1.5e-3 -inf", "%lf %f", &d, &f); printf("%d %g %g\n", n, d, f);
    n = sscanf("12abc", "%d%n", &a, &b); printf("%d %d %d\n", n, a, b);
    n = sscanf("a b", "%c%c%c", w, w + 1, w + 2); printf("%d [%c%c%c]\n", n, w[0], w[1], w[2]);
    n = sscanf("100%", "%d%%", &a); printf("%d %d\n", n, a);
    n = sscanf("  42  ", "%3d", &a); printf("%d %d\n", n, a);
    n = sscanf("123456", "%2d%3d", &a, &b); printf("%d %d %d\n", n, a, b);
    intmax_t im = strtoimax("-9223372036854775807", NULL, 10); uintmax_t um = strtoumax("0xffffffffffffffff", NULL, 16);
    printf("%jd %ju %jd\n", im, um, imaxabs((intmax_t)-5));
    imaxdiv_t qd = imaxdiv(17, 5); printf("%jd %jd\n", qd.quot, qd.rem);
    printf("%" PRIdFAST16 " %" PRIuLEAST8 " %" PRIxMAX " %" PRIoFAST32 "\n", (int_fast16_t)-3, (uint_least8_t)200, (uintmax_t)0xabc, (uint_fast32_t)8);
    int64_t i64; uint16_t u16; n = sscanf("-77 65535", "%" SCNd64 " %" SCNu16, &i64, &u16); printf("%d %" PRId64 " %" PRIu16 "\n", n, i64, u16);
    struct sigaction sa; memset(&sa, 0, sizeof sa); sa.sa_handler = on; sigemptyset(&sa.sa_mask); sigaction(SIGUSR2, &sa, NULL);
    raise(SIGUSR2); raise(SIGUSR2); printf("hits %d\n", (int)hits);
    signal(SIGUSR2, SIG_IGN); raise(SIGUSR2); printf("ign ok\n");
    struct tm tm = { .tm_year = 99, .tm_mon = 11, .tm_mday = 31, .tm_hour = 23, .tm_min = 59, .tm_sec = 60 };
    char buf[64]; strftime(buf, sizeof buf, "%A %B %d %I %p %M %S %U %w %%", &tm); printf("%s\n", buf);
    time_t t0 = 0; struct tm *g = gmtime(&t0); strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", g); printf("%s\n", buf);
    char line[] = "3 4 5"; char *p = line; long sum = 0; char *end; for (;;) { long v = strtol(p, &end, 10); if (p == end) break; sum += v; p = end; } printf("%ld\n", sum);
    return 0;
}
