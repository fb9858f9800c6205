/* Duration and timestamp formatting using div()/ldiv()/lldiv() from <stdlib.h>. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fmt_duration(long long secs, char *out, size_t n) {
    const char *sign = secs < 0 ? "-" : "";
    if (secs < 0) secs = -secs;
    lldiv_t d = lldiv(secs, 86400LL);
    ldiv_t h = ldiv((long)d.rem, 3600L);
    div_t m = div((int)h.rem, 60);
    if (d.quot) snprintf(out, n, "%s%lldd %02ldh %02dm %02ds", sign, d.quot, h.quot, m.quot, m.rem);
    else if (h.quot) snprintf(out, n, "%s%ldh %02dm %02ds", sign, h.quot, m.quot, m.rem);
    else if (m.quot) snprintf(out, n, "%s%dm %02ds", sign, m.quot, m.rem);
    else snprintf(out, n, "%s%ds", sign, m.rem);
}

static void fmt_bytes(unsigned long long b, char *out, size_t n) {
    static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
    int u = 0;
    unsigned long long whole = b, frac = 0;
    while (whole >= 1024 && u < 5) {
        lldiv_t q = lldiv((long long)whole, 1024);
        frac = (unsigned long long)q.rem * 10 / 1024;
        whole = (unsigned long long)q.quot;
        u++;
    }
    if (u == 0) snprintf(out, n, "%llu %s", whole, units[u]);
    else snprintf(out, n, "%llu.%llu %s", whole, frac, units[u]);
}

static void digits_of(int v, int base, char *out) {
    char tmp[40];
    int i = 0, neg = v < 0;
    do {
        div_t q = div(v, base);
        int r = q.rem < 0 ? -q.rem : q.rem;
        tmp[i++] = "0123456789abcdef"[r];
        v = q.quot;
    } while (v != 0);
    if (neg) tmp[i++] = '-';
    int k = 0;
    while (i) out[k++] = tmp[--i];
    out[k] = 0;
}

int main(void) {
    long long durations[] = { 0, 59, 60, 61, 3599, 3600, 3661, 86399, 86400, 90061, 1000000, -3725, 31536000LL * 3 + 12345 };
    for (size_t i = 0; i < sizeof durations / sizeof *durations; i++) {
        char buf[48];
        fmt_duration(durations[i], buf, sizeof buf);
        printf("%12lld s = %s\n", durations[i], buf);
    }
    unsigned long long sizes[] = { 0, 1023, 1024, 1536, 1048575, 1048576, 5368709120ULL, 1125899906842624ULL * 3 };
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        char buf[32];
        fmt_bytes(sizes[i], buf, sizeof buf);
        printf("%20llu = %s\n", sizes[i], buf);
    }
    int vals[] = { 0, 7, -7, 255, -255, 1000000, -2147483647 };
    for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
        char b2[40], b10[40], b16[40];
        digits_of(vals[i], 2, b2);
        digits_of(vals[i], 10, b10);
        digits_of(vals[i], 16, b16);
        printf("%11d: %s %s %s\n", vals[i], b10, b16, strlen(b2) > 16 ? "..." : b2);
    }
    div_t q = div(-17, 5);
    ldiv_t lq = ldiv(17L, -5L);
    printf("div(-17,5) = %d r %d; ldiv(17,-5) = %ld r %ld\n", q.quot, q.rem, lq.quot, lq.rem);
    return 0;
}
