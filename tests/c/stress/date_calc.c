/* Date arithmetic: day-of-week, days between, add days, ISO week, calendars. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef struct { int y, m, d; } Date;

static const int mdays[2][13] = {
    { 0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 },
    { 0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 },
};
static const char *const wdnames[] = { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };
static const char month_abbr[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

#define IS_LEAP(y) (((y) % 4 == 0 && (y) % 100 != 0) || (y) % 400 == 0)

/* days since 1970-01-01 (proleptic Gregorian), Howard Hinnant's algorithm */
static long days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (unsigned)((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1);
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long)doe - 719468;
}

static void civil_from_days(long z, Date *out) {
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long y = (long)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    unsigned d = doy - (153 * mp + 2) / 5 + 1;
    unsigned m = mp < 10 ? mp + 3 : mp - 9;
    out->y = (int)(y + (m <= 2));
    out->m = (int)m;
    out->d = (int)d;
}

static int weekday(const Date *dt) { /* 0 = Monday */
    long z = days_from_civil(dt->y, dt->m, dt->d);
    return (int)((z % 7 + 7 + 3) % 7);
}

static int day_of_year(const Date *dt) {
    int n = dt->d;
    for (int m = 1; m < dt->m; m++) n += mdays[IS_LEAP(dt->y)][m];
    return n;
}

static int iso_week(const Date *dt, int *iso_year) {
    int wd = weekday(dt);
    long z = days_from_civil(dt->y, dt->m, dt->d);
    long thursday = z - wd + 3;
    Date th;
    civil_from_days(thursday, &th);
    *iso_year = th.y;
    return (day_of_year(&th) - 1) / 7 + 1;
}

static int parse_date(const char *s, Date *out) {
    char *end;
    long y = strtol(s, &end, 10);
    if (*end != '-') return 0;
    long m = strtol(end + 1, &end, 10);
    if (*end != '-') return 0;
    long d = strtol(end + 1, &end, 10);
    if (*end) return 0;
    if (m < 1 || m > 12 || d < 1 || d > mdays[IS_LEAP(y)][m]) return 0;
    out->y = (int)y; out->m = (int)m; out->d = (int)d;
    return 1;
}

static void fmt(const Date *d, char *buf, size_t n) {
    snprintf(buf, n, "%04d-%02d-%02d (%s %d %s)", d->y, d->m, d->d, wdnames[weekday(d)], d->d, month_abbr[d->m - 1]);
}

static void print_calendar(int y, int m) {
    Date first = { y, m, 1 };
    printf("     %s %d\nMo Tu We Th Fr Sa Su\n", month_abbr[m - 1], y);
    int wd = weekday(&first);
    printf("%*s", wd * 3, "");
    for (int d = 1; d <= mdays[IS_LEAP(y)][m]; d++) {
        printf("%2d%c", d, (wd + d) % 7 == 0 ? '\n' : ' ');
    }
    if ((wd + mdays[IS_LEAP(y)][m]) % 7) putchar('\n');
}

int main(void) {
    const char *inputs[] = { "1970-01-01", "2000-02-29", "1900-02-29", "2024-12-31", "2021-01-03", "1999-12-31",
                             "2038-01-19", "1600-03-01", "0001-01-01", "2024-13-01", "2023-06-15x", "1969-07-20" };
    Date dates[16];
    int nd = 0;
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        Date d;
        char buf[48];
        if (!parse_date(inputs[i], &d)) { printf("%-12s invalid\n", inputs[i]); continue; }
        int iy;
        int w = iso_week(&d, &iy);
        fmt(&d, buf, sizeof buf);
        printf("%-12s %s doy=%3d iso=%d-W%02d epoch=%ld\n", inputs[i], buf, day_of_year(&d), iy, w,
               days_from_civil(d.y, d.m, d.d));
        dates[nd++] = d;
    }
    for (int i = 0; i + 1 < nd; i++) {
        long diff = days_from_civil(dates[i + 1].y, dates[i + 1].m, dates[i + 1].d) -
                    days_from_civil(dates[i].y, dates[i].m, dates[i].d);
        printf("days %04d-%02d-%02d -> %04d-%02d-%02d: %ld\n", dates[i].y, dates[i].m, dates[i].d, dates[i + 1].y,
               dates[i + 1].m, dates[i + 1].d, diff);
    }
    long offsets[] = { 1, 30, 365, 1000, -1, -366, 10000, -100000 };
    for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++) {
        Date r;
        char buf[48];
        civil_from_days(days_from_civil(2024, 2, 28) + offsets[i], &r);
        fmt(&r, buf, sizeof buf);
        printf("2024-02-28 %+7ld days = %s\n", offsets[i], buf);
    }
    /* round-trip a range */
    int bad = 0;
    for (long z = -800000; z <= 800000; z += 997) {
        Date r;
        civil_from_days(z, &r);
        if (days_from_civil(r.y, r.m, r.d) != z) bad++;
    }
    printf("round-trip failures: %d\n", bad);
    print_calendar(2024, 2);
    print_calendar(2023, 10);
    int fri13 = 0;
    for (int y = 2000; y < 2030; y++)
        for (int m = 1; m <= 12; m++) {
            Date d = { y, m, 13 };
            if (weekday(&d) == 4) fri13++;
        }
    printf("Friday 13ths 2000-2029: %d\n", fri13);
    return 0;
}
