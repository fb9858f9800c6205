#include <stdio.h>

struct Date { int y, m, d; };

static int is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in_month(int y, int m) {
    static const int dm[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : dm[m - 1];
}

/* days since 1970-01-01 (civil algorithm) */
static long to_days(const struct Date *dt) {
    int y = dt->y - (dt->m <= 2);
    long era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (unsigned)((153 * (dt->m + (dt->m > 2 ? -3 : 9)) + 2) / 5 + dt->d - 1);
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long)doe - 719468;
}

static void from_days(long z, struct Date *out) {
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long y = (long)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    out->d = (int)(doy - (153 * mp + 2) / 5 + 1);
    out->m = (int)(mp < 10 ? mp + 3 : mp - 9);
    out->y = (int)(y + (out->m <= 2));
}

static const char *weekday(long days) {
    static const char *names[] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
    long w = days % 7;
    return names[w < 0 ? w + 7 : w];
}

int main(void) {
    struct Date dates[] = {{1970, 1, 1}, {2000, 2, 29}, {1969, 12, 31}, {2024, 3, 1}, {1900, 3, 1}, {2038, 1, 19}, {1600, 1, 1}};
    for (int i = 0; i < 7; i++) {
        long d = to_days(&dates[i]);
        struct Date back;
        from_days(d, &back);
        printf("%04d-%02d-%02d = %ld %s -> %04d-%02d-%02d\n", dates[i].y, dates[i].m, dates[i].d, d, weekday(d),
               back.y, back.m, back.d);
    }
    int leaps = 0;
    for (int y = 1900; y <= 2100; y++) leaps += is_leap(y);
    printf("leaps=%d\n", leaps);
    int total = 0;
    for (int m = 1; m <= 12; m++) total += days_in_month(2024, m);
    printf("days2024=%d feb1900=%d\n", total, days_in_month(1900, 2));
    struct Date a = {1990, 5, 17}, b = {2025, 11, 21};
    printf("diff=%ld\n", to_days(&b) - to_days(&a));
    return 0;
}
